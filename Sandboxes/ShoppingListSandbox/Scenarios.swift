import Core
import CoreTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The shopping list's own scenarios, offered after the shared ones (`--scenario long-list`).
extension Scenario {
    /// 500 items, every seventh in the basket: how the list reads, scrolls and counts when long.
    static let longList = Scenario("long-list", "as default, with 500 items on the shopping list", basedOn: .default) { environment in
        try await environment.shoppingList.save(LongList.items)
    }

    /// The list's disk gives out once it is shown: a change is saved, but the list cannot be read
    /// again after it.
    static let failingDisk = Scenario(
        "failing-disk", "as default, but the shopping list is read once; after that every read fails", basedOn: .default,
        dependencies: { $0.shoppingList = FailingLaterRepository($0.shoppingList, reads: 1, changesFail: false) })
}

/// The long list's items, the same on every run.
enum LongList {
    static let groceries = [
        "apples", "bananas", "basil", "bread", "butter", "carrots", "cheese", "chickpeas", "coffee", "cream",
        "garlic", "ginger", "honey", "lemons", "lentils", "limes", "mushrooms", "oats", "olive oil", "onions",
        "pasta", "peppers", "potatoes", "rice", "tomatoes",
    ]

    static let items: [ShoppingItem] = (1...500).map { number in
        let digits = String(number)
        return ShoppingItem(
            id: UUID(uuidString: "00000000-0000-4000-9000-" + String(repeating: "0", count: 12 - digits.count) + digits) ?? UUID(),
            name: "\(groceries[(number - 1) % groceries.count]) \((number - 1) / groceries.count + 1)",
            amount: number % 3 == 0 ? "2" : "",
            isChecked: number % 7 == 0,
            position: Fixtures.shoppingItems.count + number
        )
    }
}
