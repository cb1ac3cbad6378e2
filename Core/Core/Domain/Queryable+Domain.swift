// The queryable fields of each entity. A field's raw value is its name on every backend.

extension Recipe: Queryable {
    public enum Field: String, QueryField {
        case id, title, category, cookingMinutes, calories, isVegetarian, popularity, publishedOn, authorID
    }

    public func value(of field: Field) -> QueryValue {
        switch field {
        case .id: .integer(id)
        case .title: .text(title)
        case .category: .text(category.rawValue)
        case .cookingMinutes: .integer(cookingMinutes)
        case .calories: .integer(calories)
        case .isVegetarian: .bool(isVegetarian)
        case .popularity: .integer(popularity)
        case .publishedOn: .text(publishedOn)
        case .authorID: .text(author.id)
        }
    }

    public var searchableTitle: String { title }

    public var searchableText: String {
        ([title, summary, author.name, category.displayName] + ingredients.map(\.name)).joined(separator: " ")
    }
}

extension ShoppingItem: Queryable {
    public enum Field: String, QueryField {
        case name, isChecked, recipeID, position
    }

    public func value(of field: Field) -> QueryValue {
        switch field {
        case .name: .text(name)
        case .isChecked: .bool(isChecked)
        case .recipeID: .integer(recipeID ?? 0)
        case .position: .integer(position)
        }
    }

    public var searchableTitle: String { name }

    public var searchableText: String { "\(name) \(amount)" }
}

extension FavoriteRecipe: Queryable {
    public enum Field: String, QueryField {
        case recipeID, title, savedAt
    }

    public func value(of field: Field) -> QueryValue {
        switch field {
        case .recipeID: .integer(recipe.id)
        case .title: .text(recipe.title)
        // Milliseconds: precise enough to order, and an integer compares the same on every backend.
        case .savedAt: .integer(Int(savedAt * 1000))
        }
    }

    public var searchableTitle: String { recipe.searchableTitle }

    public var searchableText: String { recipe.searchableText }
}

extension RecentSearch: Queryable {
    public enum Field: String, QueryField {
        case keyword, searchedAt
    }

    public func value(of field: Field) -> QueryValue {
        switch field {
        case .keyword: .text(keyword)
        case .searchedAt: .integer(Int(searchedAt * 1000))
        }
    }

    public var searchableTitle: String { keyword }

    public var searchableText: String { keyword }
}
