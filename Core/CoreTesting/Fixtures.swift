import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A small, fixed set of recipes for tests and sandboxes. Ids and values never change:
/// tests and sandbox scripts rely on them.
public enum Fixtures {
    public static let aiko = Author(id: "aiko-tanaka", name: "Aiko Tanaka")
    public static let marco = Author(id: "marco-rossi", name: "Marco Rossi")
    public static let priya = Author(id: "priya-sharma", name: "Priya Sharma")

    public static let curryRice = Recipe(
        id: 1, title: "Curry Rice", summary: "Japanese curry with tender chicken over rice.",
        author: aiko, category: .main, cookingMinutes: 45, calories: 720, servings: 4,
        isVegetarian: false, popularity: 4200, publishedOn: "2025-03-14",
        ingredients: [
            Ingredient(name: "chicken thigh", quantity: 400, unit: .gram),
            Ingredient(name: "onions", quantity: 2, unit: .none),
            Ingredient(name: "carrot", quantity: 1, unit: .piece),
            Ingredient(name: "curry roux", quantity: 100, unit: .gram),
            Ingredient(name: "rice", quantity: 2, unit: .cup),
        ],
        steps: [
            "Cook the rice.",
            "Brown the chicken, then soften the onions and carrot.",
            "Add 800 ml water and simmer for 20 minutes.",
            "Stir in the roux until thick; serve over rice.",
        ]
    )

    public static let vegetableCurry = Recipe(
        id: 2, title: "Vegetable Curry", summary: "A mild coconut curry full of vegetables.",
        author: priya, category: .main, cookingMinutes: 35, calories: 480, servings: 4,
        isVegetarian: true, popularity: 2900, publishedOn: "2026-01-20",
        ingredients: [
            Ingredient(name: "coconut milk", quantity: 1, unit: .can),
            Ingredient(name: "sweet potato", quantity: 300, unit: .gram),
            Ingredient(name: "spinach", quantity: 1, unit: .bunch),
            Ingredient(name: "curry paste", quantity: 2, unit: .tablespoon),
        ],
        steps: ["Fry the curry paste.", "Add coconut milk and sweet potato; simmer 20 minutes.", "Wilt in the spinach."]
    )

    public static let misoSoup = Recipe(
        id: 3, title: "Miso Soup", summary: "Everyday soup of dashi, miso and tofu.",
        author: aiko, category: .soup, cookingMinutes: 10, calories: 90, servings: 2,
        isVegetarian: false, popularity: 3100, publishedOn: "2024-11-02",
        ingredients: [
            Ingredient(name: "dashi", quantity: 500, unit: .milliliter),
            Ingredient(name: "miso", quantity: 2, unit: .tablespoon),
            Ingredient(name: "tofu", quantity: 150, unit: .gram),
        ],
        steps: ["Heat the dashi.", "Add the tofu.", "Dissolve the miso off the heat."]
    )

    public static let pancakes = Recipe(
        id: 4, title: "Pancakes", summary: "Fluffy pancakes for a slow morning.",
        author: marco, category: .breakfast, cookingMinutes: 20, calories: 350, servings: 4,
        isVegetarian: true, popularity: 5100, publishedOn: "2023-06-10",
        ingredients: [
            Ingredient(name: "flour", quantity: 200, unit: .gram),
            Ingredient(name: "milk", quantity: 300, unit: .milliliter),
            Ingredient(name: "eggs", quantity: 2, unit: .none),
            Ingredient(name: "salt", quantity: nil, unit: .pinch),
        ],
        steps: ["Whisk everything into a smooth batter.", "Fry ladlefuls in a hot buttered pan.", "Flip when bubbles appear."]
    )

    public static let chocolateBrownies = Recipe(
        id: 5, title: "Chocolate Brownies", summary: "Dense, fudgy squares.",
        author: marco, category: .dessert, cookingMinutes: 50, calories: 410, servings: 12,
        isVegetarian: true, popularity: 3800, publishedOn: "2025-09-01",
        ingredients: [
            Ingredient(name: "dark chocolate", quantity: 200, unit: .gram),
            Ingredient(name: "butter", quantity: 150, unit: .gram),
            Ingredient(name: "sugar", quantity: 250, unit: .gram),
            Ingredient(name: "eggs", quantity: 3, unit: .none),
        ],
        steps: ["Melt chocolate with butter.", "Beat in sugar and eggs.", "Bake 25 minutes at 180 °C."]
    )

    public static let greenCurry = Recipe(
        id: 6, title: "Thai Green Curry", summary: "Fragrant and hot, with chicken and basil.",
        author: priya, category: .main, cookingMinutes: 30, calories: 610, servings: 3,
        isVegetarian: false, popularity: 2500, publishedOn: "2026-06-05",
        ingredients: [
            Ingredient(name: "green curry paste", quantity: 3, unit: .tablespoon),
            Ingredient(name: "chicken breast", quantity: 350, unit: .gram),
            Ingredient(name: "coconut milk", quantity: 1, unit: .can),
            Ingredient(name: "fish sauce", quantity: 1, unit: .tablespoon),
        ],
        steps: ["Fry the paste.", "Add chicken and coconut milk.", "Season with fish sauce; finish with basil."]
    )

    /// Every fixture recipe, in id order.
    public static let recipes: [Recipe] = [curryRice, vegetableCurry, misoSoup, pancakes, chocolateBrownies, greenCurry]
}

extension Fixtures {
    /// A shopping list in progress: two items to buy, one in the basket.
    public static let shoppingItems = [
        ShoppingItem(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001") ?? UUID(), name: "milk", amount: "1 l", position: 0),
        ShoppingItem(
            id: UUID(uuidString: "00000000-0000-0000-0000-000000000002") ?? UUID(), name: "eggs", amount: "6", isChecked: true, position: 1),
        ShoppingItem(id: UUID(uuidString: "00000000-0000-0000-0000-000000000003") ?? UUID(), name: "flour", amount: "500 g", position: 2),
    ]

    /// Where tests, sandboxes and the gallery are: UTC, the POSIX locale, so "yesterday" and
    /// "3 days ago" read the same on every machine, whatever its time zone.
    public static let region = Region.utc

    /// "Now" in tests and sandboxes: Friday 20 November 2026, 09:00 UTC. `TestClock` starts here,
    /// so a screen that says "saved 3 days ago" says it on every run.
    public static let now = Date(timeIntervalSince1970: 1_795_165_200)

    /// Two saved recipes: Pancakes 3 days before `now`, Curry Rice 2 weeks before.
    public static let favorites = [
        FavoriteRecipe(recipe: curryRice, savedAt: now.timeIntervalSince1970 - 14 * 86_400),
        FavoriteRecipe(recipe: pancakes, savedAt: now.timeIntervalSince1970 - 3 * 86_400),
    ]
}
