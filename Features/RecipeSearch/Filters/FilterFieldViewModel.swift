import Core

/// One filter field, whatever its item (a type-erased field view model):
/// a screen keeps all its fields in one array of these.
@MainActor
protocol AnyFilterField: AnyObject {
    var key: String { get }
    var rowID: String { get }
    /// The title it is shown with on its screen.
    var title: String { get }
    /// Whether the value differs from the default.
    var isActive: Bool { get }
    func row(isPremium: Bool) -> ScreenRow
    /// Applies a user event; returns whether the value changed.
    func handle(_ event: ScreenEvent, isPremium: Bool) -> Bool
    /// The value in words, for activity events and notices.
    var valueDescription: String { get }
    /// The value as saved.
    var storedValue: String { get }
    /// Sets the value from saved text (nil: nothing saved, the default). An item locked for this
    /// user stays at its default. Returns false when the text cannot be read: the value is then
    /// the default too.
    @discardableResult
    func restore(stored: String?, isPremium: Bool) -> Bool
}

/// The view model of one filter field, generic over its item: the same type serves every
/// screen that shows items, with that screen's row ids and titles.
@MainActor
final class FilterFieldViewModel<Item: FilterItem>: AnyFilterField {
    private(set) var value = Item.defaultValue
    let rowID: String
    let title: String

    init(rowID: String, title: String = Item.title) {
        self.rowID = rowID
        self.title = title
    }

    var key: String { Item.key }
    var isActive: Bool { value != Item.defaultValue }

    func row(isPremium: Bool) -> ScreenRow {
        ScreenRow(
            id: rowID, Item.control.element(title: title, value: value), isEnabled: !Item.isLocked(isPremium: isPremium),
            note: Item.requiresPremium ? "Premium" : nil)
    }

    func handle(_ event: ScreenEvent, isPremium: Bool) -> Bool {
        guard !Item.isLocked(isPremium: isPremium), let newValue = Item.control.value(after: event, current: value), newValue != value
        else {
            return false
        }
        value = newValue
        return true
    }

    var valueDescription: String { Item.describe(value) }
    var storedValue: String { Item.storedText(value) }

    @discardableResult
    func restore(stored: String?, isPremium: Bool) -> Bool {
        guard let stored, !Item.isLocked(isPremium: isPremium) else {
            value = Item.defaultValue
            return true
        }
        let restored = Item.value(fromStored: stored)
        value = restored ?? Item.defaultValue
        return restored != nil
    }
}

/// A field of the search screen: its value narrows or orders the search.
@MainActor
protocol SearchFilterField: AnyFilterField {
    func apply(to request: inout SearchRequest)
}

extension FilterFieldViewModel: SearchFilterField where Item: SearchFilterItem {
    func apply(to request: inout SearchRequest) {
        Item.apply(value, to: &request)
    }
}

/// The fields of each screen that shows items, made from the one list of items.
@MainActor
enum FilterFields {
    /// The search screen's filters: every `SearchFilterItem`.
    static func search() -> [any SearchFilterField] {
        FilterItems.search.map { searchField(for: $0) }
    }

    /// The Kitchen preferences screen's fields: every `KitchenPreferenceItem`, by its preference title.
    static func kitchenPreferences() -> [any AnyFilterField] {
        FilterItems.kitchenPreferences.map { preferenceField(for: $0) }
    }

    private static func searchField<Item: SearchFilterItem>(for item: Item.Type) -> any SearchFilterField {
        FilterFieldViewModel<Item>(rowID: RecipeSearchRow.filter(key: Item.key).rowID)
    }

    private static func preferenceField<Item: KitchenPreferenceItem>(for item: Item.Type) -> any AnyFilterField {
        FilterFieldViewModel<Item>(rowID: KitchenPreferencesRow.preference(key: Item.key).rowID, title: Item.preferenceTitle)
    }
}
