import Core

/// One filter field, whatever its item (seed 001's `AnyFromPartnerFilterMasterViewModel`):
/// the screen keeps every field in one array of these.
@MainActor
protocol AnyFilterField: AnyObject {
    var key: String { get }
    var rowID: String { get }
    /// Whether the value differs from the default.
    var isActive: Bool { get }
    func row(isPremium: Bool) -> ScreenRow
    /// Applies a user event; returns whether the value changed.
    func handle(_ event: ScreenEvent, isPremium: Bool) -> Bool
    func apply(to request: inout SearchRequest)
    /// The value in words, for activity events.
    var valueDescription: String { get }
}

/// The view model of one filter field, generic over its item.
@MainActor
final class FilterFieldViewModel<Item: SearchFilterItem>: AnyFilterField {
    private(set) var value = Item.defaultValue

    var key: String { Item.key }
    var rowID: String { "filter-" + Item.key }
    var isActive: Bool { value != Item.defaultValue }

    func row(isPremium: Bool) -> ScreenRow {
        let locked = Item.requiresPremium && !isPremium
        return ScreenRow(
            id: rowID, Item.control.element(title: Item.title, value: value), isEnabled: !locked,
            note: Item.requiresPremium ? "Premium" : nil)
    }

    func handle(_ event: ScreenEvent, isPremium: Bool) -> Bool {
        guard !(Item.requiresPremium && !isPremium), let newValue = Item.control.value(after: event, current: value), newValue != value
        else {
            return false
        }
        value = newValue
        return true
    }

    func apply(to request: inout SearchRequest) {
        Item.apply(value, to: &request)
    }

    var valueDescription: String {
        if case .picker(_, let options, let selected) = Item.control.element(title: Item.title, value: value),
            options.indices.contains(selected)
        {
            return options[selected]
        }
        return String(describing: value)
    }
}

/// The filters of the search screen, in display order.
@MainActor
enum SearchFilters {
    static func makeFields() -> [any AnyFilterField] {
        [
            FilterFieldViewModel<CookingTimeFilter>(),
            FilterFieldViewModel<CategoryFilter>(),
            FilterFieldViewModel<VegetarianFilter>(),
            FilterFieldViewModel<MaxCaloriesFilter>(),
            FilterFieldViewModel<SortFilter>(),
        ]
    }
}
