import Core
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A filter item (the item type every filter screen shares): a caseless
/// enum naming a set of rules. Its associated types are the type of its value and the kind of
/// control that edits it. The search filters and Kitchen preferences both drive items through
/// this protocol; the constrained extensions below give whole families of items their shared
/// behaviour, and screen-specific protocols refine it (`SearchFilterItem`, `KitchenPreferenceItem`).
protocol FilterItem {
    associatedtype Value: Equatable & Sendable & Codable
    associatedtype Control: FilterControl<Value>

    /// Stable across versions: the row id, and the key in activity events and saved preferences.
    static var key: String { get }
    static var title: String { get }
    static var defaultValue: Value { get }
    /// Whether only premium users may change it: free users see it locked, at its default.
    static var requiresPremium: Bool { get }
    static var control: Control { get }
    /// The value in words, for activity events and notices ("≤ 500 kcal", "true").
    static func describe(_ value: Value) -> String
}

extension FilterItem {
    static var requiresPremium: Bool { false }

    /// Whether this user may set the item.
    static func isLocked(isPremium: Bool) -> Bool {
        requiresPremium && !isPremium
    }

    /// The value as saved: JSON text, the same for every item.
    static func storedText(_ value: Value) -> String {
        (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The value saved as `text`; nil when it cannot be read, or is no longer one the control
    /// offers (an option removed since it was saved).
    static func value(fromStored text: String) -> Value? {
        guard let value = try? JSONDecoder().decode(Value.self, from: Data(text.utf8)), control.offers(value) else { return nil }
        return value
    }
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

/// An item of the search screen's filters (the protocol that screen's items conform to): how
/// its value narrows or orders a search.
protocol SearchFilterItem: FilterItem {
    static func apply(_ value: Value, to request: inout SearchRequest)
}

/// An item of the Kitchen preferences screen. Every preference is also a search filter: the saved
/// value is what that filter starts at.
protocol KitchenPreferenceItem: SearchFilterItem {
    /// What the preferences screen calls it ("Usual cooking time"); the filter's title by default.
    static var preferenceTitle: String { get }
}

extension KitchenPreferenceItem {
    static var preferenceTitle: String { title }
}

/// Every on/off item shares its control and its default (a constrained extension).
extension FilterItem where Value == Bool, Control == SwitchControl {
    static var control: SwitchControl { SwitchControl() }
    static var defaultValue: Bool { false }
}

/// Every "at most N" item over a range shares its options: Any, then steps inside the range.
extension FilterItem where Self: RangeConstrainedFilterItem, Value == Int?, Control == ChoiceControl<Int?> {
    static var defaultValue: Int? { nil }

    static func upperBoundControl(steps: [Int], unit: String) -> ChoiceControl<Int?> {
        ChoiceControl([("Any", nil)] + steps.filter(allowedRange.contains).map { ("≤ \($0) \(unit)", $0) })
    }
}

/// Every item with a list of options says its value by the option's label ("≤ 500 kcal").
extension FilterItem where Control == ChoiceControl<Value> {
    static func describe(_ value: Value) -> String {
        control.label(of: value) ?? String(describing: value)
    }
}

/// Every on/off item says its value as true or false (as activity events always have).
extension FilterItem where Value == Bool {
    static func describe(_ value: Value) -> String {
        value ? "true" : "false"
    }
}

/// Every filter item, in the order screens show them. Adding an item is writing its type and
/// listing it here, once: each screen shows the items that conform to its protocol, in this
/// order (the search filters `SearchFilterItem`, Kitchen preferences `KitchenPreferenceItem`).
enum FilterItems {
    static var all: [any FilterItem.Type] {
        [
            CookingTimeFilter.self,
            CategoryFilter.self,
            VegetarianFilter.self,
            MaxCaloriesFilter.self,
            SortFilter.self,
        ]
    }

    static var search: [any SearchFilterItem.Type] { all.compactMap { $0 as? any SearchFilterItem.Type } }
    static var kitchenPreferences: [any KitchenPreferenceItem.Type] { all.compactMap { $0 as? any KitchenPreferenceItem.Type } }
}
