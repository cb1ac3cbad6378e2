import Core

// The filter items. Each is a caseless enum, a name for a set of rules, and says by its
// conformances which screens show it: `SearchFilterItem` the search filters,
// `KitchenPreferenceItem` Kitchen preferences too. `FilterItems.all` lists them in order.

/// How long a recipe takes, as a range.
enum CookingTimeFilter: KitchenPreferenceItem, RangeConstrainedFilterItem {
    enum Range: Equatable, Sendable, Codable {
        case any
        case minutes(ClosedRange<Int>)
    }

    static let key = "cooking-time"
    static let title = "Cooking time"
    static let preferenceTitle = "Usual cooking time"
    static let allowedRange = 0...240
    static let defaultValue = Range.any
    static let control = ChoiceControl<Range>([
        ("Any", .any),
        ("under 15 min", .minutes(0...15)),
        ("15–30 min", .minutes(15...30)),
        ("30–60 min", .minutes(30...60)),
        ("over 60 min", .minutes(60...allowedRange.upperBound)),
    ])

    static func apply(_ value: Range, to request: inout SearchRequest) {
        guard case .minutes(let range) = value else { return }
        request.query = request.query
            .and(.atLeast(.cookingMinutes, .integer(range.lowerBound)))
            .and(.atMost(.cookingMinutes, .integer(range.upperBound)))
    }
}

enum CategoryFilter: KitchenPreferenceItem {
    static let key = "category"
    static let title = "Category"
    static let preferenceTitle = "Favourite category"
    static let defaultValue: Category? = nil
    static let control = ChoiceControl<Category?>([("Any", nil)] + Category.allCases.map { ($0.displayName, $0) })

    static func apply(_ value: Category?, to request: inout SearchRequest) {
        guard let value else { return }
        request.query = request.query.and(.equal(.category, .text(value.rawValue)))
    }
}

/// An upper bound on calories per serving. Premium.
enum MaxCaloriesFilter: KitchenPreferenceItem, RangeConstrainedFilterItem {
    static let key = "max-calories"
    static let title = "Max calories"
    static let preferenceTitle = "Calorie limit"
    static let allowedRange = 100...1200
    static let requiresPremium = true
    static let control: ChoiceControl<Int?> = upperBoundControl(steps: [300, 500, 800], unit: "kcal")

    static func apply(_ value: Int?, to request: inout SearchRequest) {
        guard let value else { return }
        request.query = request.query.and(.atMost(.calories, .integer(value)))
    }
}

enum VegetarianFilter: KitchenPreferenceItem {
    static let key = "vegetarian"
    static let title = "Vegetarian only"
    static let preferenceTitle = "Vegetarian kitchen"

    static func apply(_ value: Bool, to request: inout SearchRequest) {
        guard value else { return }
        request.query = request.query.and(.equal(.isVegetarian, .bool(true)))
    }
}

/// The order of results. Popular first for everyone; other orders are premium. A choice for one
/// search, not a preference: it is a `SearchFilterItem` only.
enum SortFilter: SearchFilterItem {
    enum Order: Equatable, Sendable, Codable {
        case popular, newest, quickest
    }

    static let key = "sort"
    static let title = "Sort by"
    static let defaultValue = Order.popular
    static let requiresPremium = true
    static let control = ChoiceControl<Order>([("Popularity", .popular), ("Newest", .newest), ("Quickest", .quickest)])

    static func apply(_ value: Order, to request: inout SearchRequest) {
        switch value {
        case .popular: request.sort = [.descending(.popularity)]
        case .newest: request.sort = [.descending(.publishedOn)]
        case .quickest: request.sort = [.ascending(.cookingMinutes), .descending(.popularity)]
        }
    }
}
