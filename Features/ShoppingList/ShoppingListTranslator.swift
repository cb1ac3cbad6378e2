import Core

/// Stored items to typed rows (the Translator pattern): every item, rows of the same ingredient
/// together (3 cans of chickpeas above 200 g of them), the entries not added, then "+ Add item",
/// "Clear checked" when something is checked, and a row per recipe the list is for.
struct ShoppingListItemsTranslator: Translator {
    func translate(_ input: (items: [ShoppingItem], notAdded: [ShoppingListState.NotAdded], draft: String)) -> [ShoppingListItem] {
        let checked = input.items.filter(\.isChecked).count
        return Self.grouped(input.items).map(ShoppingListItem.item) + input.notAdded.map(ShoppingListItem.notAdded)
            + [.add(draft: input.draft)] + (checked > 0 ? [.clearChecked(count: checked)] : [])
            + Self.recipes(of: input.items).map(ShoppingListItem.recipe)
    }

    /// The items in list order, each ingredient's rows together where its first row is.
    static func grouped(_ items: [ShoppingItem]) -> [ShoppingItem] {
        let keys = items.map { IngredientName.key($0.name) }
        var order: [String: Int] = [:]
        for (index, key) in keys.enumerated() where order[key] == nil { order[key] = index }
        return items.indices.sorted { (order[keys[$0]] ?? $0, $0) < (order[keys[$1]] ?? $1, $1) }.map { items[$0] }
    }

    /// The recipes the items are for, in the order they first appear, with how many rows each.
    static func recipes(of items: [ShoppingItem]) -> [ShoppingListState.RecipeOnList] {
        var recipes: [ShoppingListState.RecipeOnList] = []
        for item in items {
            var counted = Set<Recipe.ID>()
            for part in item.parts {
                guard let id = part.recipeID, let name = part.recipeName, counted.insert(id).inserted else { continue }
                if let index = recipes.firstIndex(where: { $0.id == id }) {
                    recipes[index].rows += 1
                    // A title kept later names a recipe better than its number.
                    if !part.recipeTitle.isEmpty { recipes[index].title = name }
                } else {
                    recipes.append(ShoppingListState.RecipeOnList(id: id, title: name, rows: 1))
                }
            }
        }
        return recipes
    }
}

/// State to content: the screen switches over typed items, never over positions.
struct ShoppingListTranslator: Translator {
    private let itemsTranslator = ShoppingListItemsTranslator()

    func translate(_ state: ShoppingListState) -> ScreenContent<ShoppingListRow> {
        switch state.phase {
        case .loading:
            return ScreenContent(title: "Shopping list", status: .loading("Loading the shopping list…"))
        case .failed(let failure):
            return ScreenContent(title: "Shopping list", status: .failed(failure), notice: state.notice)
        case .loaded(let items):
            let typed = itemsTranslator.translate((items, state.notAdded, state.draft))
            let rows = typed.filter { if case .recipe = $0 { false } else { true } }.map(row)
            let recipeRows = typed.filter { if case .recipe = $0 { true } else { false } }.map(row)
            let unchecked = items.filter { !$0.isChecked }.count
            return ScreenContent(
                title: "Shopping list",
                sections: [ScreenSection(id: "items", title: items.isEmpty ? nil : "\(unchecked) of \(items.count) to buy", rows: rows)]
                    + (recipeRows.isEmpty ? [] : [ScreenSection(id: "recipes", title: "Recipes on the list", rows: recipeRows)]),
                status: items.isEmpty ? .empty("Your shopping list is empty. Add items here, or from a recipe.") : .ready,
                notice: state.notice
            )
        }
    }

    /// Which recipes a row is for, and whether the cook typed some of it too: a typed "500 g pork"
    /// merged into a recipe's pork is theirs as much as the recipe's.
    private func note(for item: ShoppingItem) -> String? {
        let recipes = item.recipeTitles
        guard !recipes.isEmpty else { return nil }
        let typed = item.parts.contains { $0.recipeID == nil }
        return "for " + recipes.joined(separator: ", ") + (typed ? ", plus what you added" : "")
    }

    private func row(_ item: ShoppingListItem) -> ScreenRow<ShoppingListRow> {
        switch item {
        case .item(let item):
            return ScreenRow(
                id: .item(item.id), .toggle(label: item.displayName, isOn: item.isChecked),
                detail: item.amount.isEmpty ? nil : item.amount, note: note(for: item), isDeletable: true)
        case .notAdded(let entry):
            return ScreenRow(id: item.row, .button("Add “\(entry.name)” again"), detail: "not saved yet", isDeletable: true)
        case .add(let draft):
            return ScreenRow(
                id: item.row, .textField(label: "+ Add item", text: draft, placeholder: "e.g. milk"), clearsOnSubmit: true)
        case .clearChecked(let count):
            return ScreenRow(id: item.row, .button("Clear checked (\(count))"))
        case .recipe(let recipe):
            return ScreenRow(
                id: item.row, .button("Take “\(recipe.title)” off"),
                detail: "\(recipe.rows) \(recipe.rows == 1 ? "row is" : "rows are") for it")
        }
    }
}
