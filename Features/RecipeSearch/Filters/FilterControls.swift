import Core

/// The kind of control that shows and edits a filter's value.
protocol FilterControl<Value> {
    associatedtype Value
    func element(title: String, value: Value) -> ScreenElement
    /// The new value after a user event, or nil when the event does not concern this control.
    func value<Row>(after event: ScreenEvent<Row>, current: Value) -> Value?
    /// Whether the control can show this value (a saved value may be one no longer offered).
    func offers(_ value: Value) -> Bool
}

/// An on/off switch.
struct SwitchControl: FilterControl, Sendable {
    func element(title: String, value: Bool) -> ScreenElement {
        .toggle(label: title, isOn: value)
    }

    func value<Row>(after event: ScreenEvent<Row>, current: Bool) -> Bool? {
        switch event {
        case .toggle, .activate: !current
        default: nil
        }
    }

    func offers(_ value: Bool) -> Bool { true }
}

/// One of a fixed list of labelled values.
struct ChoiceControl<Value: Equatable & Sendable>: FilterControl, Sendable {
    let options: [(label: String, value: Value)]

    init(_ options: [(label: String, value: Value)]) {
        self.options = options
    }

    func element(title: String, value: Value) -> ScreenElement {
        .picker(label: title, options: options.map(\.label), selected: options.firstIndex { $0.value == value } ?? 0)
    }

    func value<Row>(after event: ScreenEvent<Row>, current: Value) -> Value? {
        switch event {
        case .choose(_, let index) where options.indices.contains(index):
            return options[index].value
        case .activate:
            // Enter cycles through the options.
            let next = ((options.firstIndex { $0.value == current } ?? -1) + 1) % max(options.count, 1)
            return options.indices.contains(next) ? options[next].value : nil
        default:
            return nil
        }
    }

    func offers(_ value: Value) -> Bool {
        options.contains { $0.value == value }
    }

    /// The label of the option holding this value.
    func label(of value: Value) -> String? {
        options.first { $0.value == value }?.label
    }
}
