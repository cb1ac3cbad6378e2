#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// How the shopping list adds up. Pure functions over the stored rows: a store runs them inside
// its write transaction (`Repository.update`), so two programs adding at once both count.

extension ShoppingItem {
    /// What one line puts on the list: a recipe's ingredient (for the servings cooked) or a line
    /// typed on the list.
    public struct Addition: Hashable, Sendable {
        /// The id a new row gets if the line needs one: from `environment.ids`, never `UUID()`.
        public var id: UUID
        public var name: String
        public var quantity: Quantity?
        /// An amount that is not a quantity ("2-3"): such a line is a row of its own.
        public var note: String
        public var recipeID: Recipe.ID?
        public var recipeTitle: String

        public init(id: UUID, name: String, quantity: Quantity?, note: String = "", recipeID: Recipe.ID? = nil, recipeTitle: String = "") {
            self.id = id
            self.name = name
            self.quantity = quantity
            self.note = note
            self.recipeID = recipeID
            self.recipeTitle = recipeTitle
        }

        /// A line typed on the list: "2 onions", "500g flour", "milk".
        public init(id: UUID, typed line: IngredientLine) {
            self.init(id: id, name: line.name, quantity: line.quantity, note: line.note)
        }

        /// A recipe's ingredient, for `factor` times the servings it is written for. A quantity
        /// beyond any kitchen's (see `Fraction(approximating:)`) is kept as words, never added to.
        public init(id: UUID, ingredient: Ingredient, of recipe: Recipe, scaledBy factor: Fraction = .one) {
            let quantity = ingredient.exactQuantity.flatMap { $0.scaled(by: factor) }
            self.init(
                id: id, name: ingredient.name, quantity: quantity,
                note: quantity == nil && ingredient.quantity != nil ? ingredient.amountText : "", recipeID: recipe.id,
                recipeTitle: recipe.title)
        }

        var part: Part { Part(recipeID: recipeID, recipeTitle: recipeTitle, quantity: quantity) }
    }

    /// Adds each line to the unchecked row of the same ingredient (`IngredientName.key`) whose
    /// amount it adds up with, or else as a new row after the last: ½ + ½ lemon is 1 lemon,
    /// 400 g + 800 g is 1.2 kg. A line in a unit of another family (a can, where the row has
    /// grams) or with a note is a row of its own, as is one whose sum would overflow; a checked
    /// row (bought) is never added to. New rows are placed from `next` on (after the last of
    /// `items` when nil). Returns the rows added to or added, one per line.
    @discardableResult
    public static func add(_ additions: [Addition], to items: inout [ShoppingItem], placingFrom next: Int? = nil) -> [ShoppingItem] {
        var keys = items.map { IngredientName.key($0.name) }
        var next = next ?? (items.map(\.position).max() ?? -1) + 1
        var touched: [ShoppingItem] = []
        for addition in additions {
            let key = IngredientName.key(addition.name)
            let row = items.indices.first { index in
                keys[index] == key && !items[index].isChecked && items[index].canAdd(addition)
            }
            if let row {
                items[row].addPart(addition.part)
                touched.append(items[row])
            } else {
                let item = ShoppingItem(
                    id: addition.id, name: IngredientName.toBuy(addition.name), parts: [addition.part], note: addition.note, position: next)
                next += 1
                items.append(item)
                keys.append(key)
                touched.append(item)
            }
        }
        return touched
    }

    /// Takes what a recipe added off the list. With `lines` (its ingredients as they were added,
    /// scaled the same), each comes off that recipe's part of the row it went to, never more than
    /// the recipe added; with nil, every part the recipe added goes. A row left with no part goes
    /// too; what was typed, or added for other recipes, stays. Returns how many rows changed or went.
    @discardableResult
    public static func takeOff(recipe recipeID: Recipe.ID, _ lines: [Addition]?, from items: inout [ShoppingItem]) -> Int {
        var changed = Set<UUID>()
        if let lines {
            let keys = items.map { IngredientName.key($0.name) }
            for line in lines {
                let key = IngredientName.key(line.name)
                for index in items.indices where keys[index] == key && items[index].takeOff(line, recipeID: recipeID) {
                    changed.insert(items[index].id)
                    break
                }
            }
        } else {
            for index in items.indices where items[index].parts.contains(where: { $0.recipeID == recipeID }) {
                items[index].parts.removeAll { $0.recipeID == recipeID }
                changed.insert(items[index].id)
            }
        }
        items.removeAll { changed.contains($0.id) && $0.parts.isEmpty }
        return changed.count
    }

    /// The sum of parts, in the unit of the first; nil when one has no amount, their units do
    /// not add up, or the sum overflows.
    static func total(of parts: [Part]) -> Quantity? {
        guard var sum = parts.first?.quantity else { return nil }
        for part in parts.dropFirst() {
            guard let quantity = part.quantity, let next = sum.adding(quantity) else { return nil }
            sum = next
        }
        return sum
    }

    /// Whether the line adds up with this row: both without an amount, or both in units of one
    /// family with a sum that fits; never when either has a note.
    private func canAdd(_ addition: Addition) -> Bool {
        guard note.isEmpty, addition.note.isEmpty else { return false }
        guard let quantity = addition.quantity else { return parts.allSatisfy { $0.quantity == nil } }
        return Self.total(of: parts + [Part(quantity: quantity)]) != nil
    }

    /// Adds to the part of the same recipe (or of what was typed), or as a part of its own.
    private mutating func addPart(_ part: Part) {
        guard let index = parts.firstIndex(where: { $0.recipeID == part.recipeID }) else {
            parts.append(part)
            return
        }
        if let quantity = part.quantity, let current = parts[index].quantity, let sum = current.adding(quantity) {
            parts[index].quantity = sum
        } else if part.quantity != nil || parts[index].quantity != nil {
            parts.append(part)
        }
    }

    /// Takes the line off the recipe's part of this row; false when the row has no such part
    /// the line can come off.
    private mutating func takeOff(_ line: Addition, recipeID: Recipe.ID) -> Bool {
        guard let index = parts.firstIndex(where: { $0.recipeID == recipeID && ($0.quantity == nil) == (line.quantity == nil) }) else {
            return false
        }
        guard let quantity = line.quantity, let current = parts[index].quantity else {
            parts.remove(at: index)
            return true
        }
        guard let left = current.subtracting(quantity) else { return false }
        if left.amount > .zero {
            parts[index].quantity = left
        } else {
            parts.remove(at: index)
        }
        return true
    }
}

extension Repository where Entity == ShoppingItem {
    /// Adds the lines to the list as it is stored now (`ShoppingItem.add(_:to:placingFrom:)`), in
    /// one transaction of the store. Returns the rows added to or added, one per line.
    @discardableResult
    public func add(_ additions: [ShoppingItem.Addition]) async throws -> [ShoppingItem] {
        let what = additions.count == 1 ? additions.map { "“\($0.name)”" }.joined() : "\(additions.count) items"
        return try await update(.all, numbering: .position, doing: "adding \(what) to the shopping list") { items, next in
            ShoppingItem.add(additions, to: &items, placingFrom: next)
        }
    }

    /// Takes what a recipe (`title`) added off the list as it is stored now
    /// (`ShoppingItem.takeOff(recipe:_:from:)`), in one transaction. Returns how many rows changed or went.
    @discardableResult
    public func takeOff(recipe recipeID: Recipe.ID, titled title: String, _ lines: [ShoppingItem.Addition]?) async throws -> Int {
        try await update(.all, numbering: .position, doing: "taking “\(title)” off the shopping list") { items, _ in
            ShoppingItem.takeOff(recipe: recipeID, lines, from: &items)
        }
    }
}
