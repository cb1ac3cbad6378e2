import Core

/// A filter item, named by a caseless enum (seed 001's `MasterItemType`): a stable key,
/// nothing else. Refinements add constraints and screen-specific behaviour.
protocol FilterItem {
    /// Stable across versions: the row id and the key in activity events.
    static var key: String { get }
}

/// An item whose values must lie in a range, e.g. minutes or kilocalories.
protocol RangeConstrainedFilterItem: FilterItem {
    static var allowedRange: ClosedRange<Int> { get }
}

/// What a search is asked: the backend-neutral query and sort that filters build up.
struct SearchRequest: Equatable {
    var query: Query<Recipe>
    var sort: [Sort<Recipe>]
}

/// A filter of the search screen (seed 001's `FromPartnerFilterableMasterItem`): the type of
/// its value, the kind of control that edits it, its title, whether it needs premium, and
/// how its value becomes query and sort values.
protocol SearchFilterItem: FilterItem {
    associatedtype Value: Equatable & Sendable
    associatedtype Control: FilterControl<Value>

    static var title: String { get }
    static var defaultValue: Value { get }
    static var requiresPremium: Bool { get }
    static var control: Control { get }
    static func apply(_ value: Value, to request: inout SearchRequest)
}

extension SearchFilterItem {
    static var requiresPremium: Bool { false }
}

/// Every on/off item shares its control and default (seed 001's constrained extension).
extension SearchFilterItem where Value == Bool, Control == SwitchControl {
    static var control: SwitchControl { SwitchControl() }
    static var defaultValue: Bool { false }
}

/// Every "at most N" item over a range shares its options: Any, then steps inside the range.
extension SearchFilterItem where Self: RangeConstrainedFilterItem, Value == Int?, Control == ChoiceControl<Int?> {
    static var defaultValue: Int? { nil }

    static func upperBoundControl(steps: [Int], unit: String) -> ChoiceControl<Int?> {
        ChoiceControl([("Any", nil)] + steps.filter(allowedRange.contains).map { ("≤ \($0) \(unit)", $0) })
    }
}
