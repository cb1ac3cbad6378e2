import Core
import CoreTesting
import Foundation
import Testing

@testable import RecipeSearch

/// One list of item types drives two screens: each screen takes the items that
/// conform to its protocol, through the same generic field view model.
@Suite("Filter items shared by two screens")
@MainActor
struct FilterItemsTests {
    @Test("search shows every search item; Kitchen preferences the preference items, in the same order")
    func screensTakeItemsByConformance() {
        #expect(FilterItems.all.map { $0.key } == ["cooking-time", "category", "vegetarian", "max-calories", "sort"])
        #expect(FilterItems.search.map { $0.key } == ["cooking-time", "category", "vegetarian", "max-calories", "sort"])
        #expect(FilterItems.kitchenPreferences.map { $0.key } == ["cooking-time", "category", "vegetarian", "max-calories"])
        #expect(FilterFields.kitchenPreferences().map(\.key) == FilterItems.kitchenPreferences.map { $0.key })
    }

    @Test("keys are unique: they name rows, events and saved preferences")
    func uniqueKeys() {
        let keys = FilterItems.all.map { $0.key }
        #expect(Set(keys).count == keys.count)
    }

    @Test("a preference field is the same item under its preference title")
    func preferenceFields() {
        let fields = FilterFields.kitchenPreferences()
        #expect(fields.map(\.title) == ["Usual cooking time", "Favourite category", "Vegetarian kitchen", "Calorie limit"])
        #expect(fields.map(\.key) == ["cooking-time", "category", "vegetarian", "max-calories"])
        #expect(
            fields[2].row(id: KitchenPreferencesRow.preference(key: "vegetarian"), isPremium: false)
                == ScreenRow(id: .preference(key: "vegetarian"), .toggle(label: "Vegetarian kitchen", isOn: false)))
    }

    @Test("premium gating is the item's, whichever screen shows it")
    func premiumOnBothScreens() {
        let search = FilterFields.search().first { $0.key == "max-calories" }
        let preference = FilterFields.kitchenPreferences().first { $0.key == "max-calories" }
        for field in [search, preference].compactMap({ $0 }) {
            let row = RecipeSearchRow.filter(key: field.key)
            #expect(field.isLocked(isPremium: false))
            #expect(field.row(id: row, isPremium: false).isEnabled == false)
            #expect(field.row(id: row, isPremium: false).note == "Premium")
            #expect(!field.handle(.choose(row: row, option: 2), isPremium: false))
            #expect(field.handle(.choose(row: row, option: 2), isPremium: true))
            #expect(field.valueDescription == "≤ 500 kcal")
        }
    }

    /// Every value an item's control offers.
    func offered<Item: FilterItem>(_ item: Item.Type) -> [Item.Value] where Item.Control == ChoiceControl<Item.Value> {
        Item.control.options.map(\.value)
    }

    @Test("every value a preference can take is saved as text and read back equal")
    func storedValuesRoundTrip() {
        for value in offered(CookingTimeFilter.self) {
            #expect(CookingTimeFilter.value(fromStored: CookingTimeFilter.storedText(value)) == value)
        }
        for value in offered(CategoryFilter.self) {
            #expect(CategoryFilter.value(fromStored: CategoryFilter.storedText(value)) == value)
        }
        for value in offered(MaxCaloriesFilter.self) {
            #expect(MaxCaloriesFilter.value(fromStored: MaxCaloriesFilter.storedText(value)) == value)
        }
        for value in [true, false] {
            #expect(VegetarianFilter.value(fromStored: VegetarianFilter.storedText(value)) == value)
        }
        #expect(VegetarianFilter.storedText(true) == "true")
        #expect(CategoryFilter.storedText(.dessert) == "\"dessert\"")
    }

    @Test("saved text that cannot be read, or a value no longer offered, reads as nothing")
    func unreadableStoredValues() {
        #expect(VegetarianFilter.value(fromStored: "yes") == nil)
        #expect(CategoryFilter.value(fromStored: "\"brunch\"") == nil)
        #expect(MaxCaloriesFilter.value(fromStored: "700") == nil, "700 is inside the range but no option offers it")
        #expect(MaxCaloriesFilter.value(fromStored: "500") == 500)
        #expect(CookingTimeFilter.value(fromStored: "") == nil)
    }

    @Test("restoring sets the value, falls back to the default on bad text, and keeps a locked item at its default")
    func restore() {
        let calories = FilterFieldViewModel<MaxCaloriesFilter>()
        #expect(calories.restore(stored: "300", isPremium: true))
        #expect(calories.value == 300)
        #expect(calories.restore(stored: "300", isPremium: false), "locked, not unreadable")
        #expect(calories.value == nil)

        let vegetarian = FilterFieldViewModel<VegetarianFilter>()
        #expect(vegetarian.restore(stored: "true", isPremium: false))
        #expect(vegetarian.isActive)
        #expect(!vegetarian.restore(stored: "{oops", isPremium: false))
        #expect(!vegetarian.isActive)
        #expect(vegetarian.restore(stored: nil, isPremium: false))
        #expect(vegetarian.storedValue == "false")
    }
}
