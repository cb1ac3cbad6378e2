import Core

/// One filter field, whatever its item (a type-erased field view model):
/// a screen keeps all its fields in one array of these.
@MainActor
protocol AnyFilterField: AnyObject {
    var key: String { get }
    /// The title it is shown with on its screen.
    var title: String { get }
    /// Whether the value differs from the default.
    var isActive: Bool { get }
    /// Whether the item is locked for this user (a premium item for a free user).
    func isLocked(isPremium: Bool) -> Bool
    /// The field as a row of its screen, named `id` there.
    func row<Row>(id: Row, isPremium: Bool) -> ScreenRow<Row>
    /// Applies a user event; returns whether the value changed.
    func handle<Row>(_ event: ScreenEvent<Row>, isPremium: Bool) -> Bool
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
/// screen that shows items, with that screen's titles (its rows are named where they are shown).
@MainActor
final class FilterFieldViewModel<Item: FilterItem>: AnyFilterField {
    private(set) var value = Item.defaultValue
    let title: String

    init(title: String = Item.title) {
        self.title = title
    }

    var key: String { Item.key }
    var isActive: Bool { value != Item.defaultValue }

    func isLocked(isPremium: Bool) -> Bool { Item.isLocked(isPremium: isPremium) }

    func row<Row>(id: Row, isPremium: Bool) -> ScreenRow<Row> {
        ScreenRow(
            id: id, Item.control.element(title: title, value: value), isEnabled: !Item.isLocked(isPremium: isPremium),
            note: Item.requiresPremium ? "Premium" : nil)
    }

    func handle<Row>(_ event: ScreenEvent<Row>, isPremium: Bool) -> Bool {
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
        FilterFieldViewModel<Item>()
    }

    private static func preferenceField<Item: KitchenPreferenceItem>(for item: Item.Type) -> any AnyFilterField {
        FilterFieldViewModel<Item>(title: Item.preferenceTitle)
    }
}
