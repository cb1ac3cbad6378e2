import Core
import CoreTesting
import Foundation
import Testing

@Suite("InMemoryRepository")
struct InMemoryRepositoryTests {
    let milk = ShoppingItem(id: UUID(), name: "milk", amount: "1 l", position: 0)
    let eggs = ShoppingItem(id: UUID(), name: "eggs", amount: "6", position: 1)
    let flour = ShoppingItem(id: UUID(), name: "flour", amount: "500 g", isChecked: true, position: 2)

    /// Features use repositories through the protocol, so the tests do too.
    func makeRepository<Entity: Identifiable & Queryable>(_ entities: [Entity] = []) -> any Repository<Entity> where Entity.ID: Sendable {
        InMemoryRepository(entities)
    }

    @Test("a new repository is empty, or holds what it was created with")
    func initialContents() async throws {
        #expect(try await makeRepository([ShoppingItem]()).findAll().isEmpty)
        #expect(try await makeRepository([milk, eggs]).findAll() == [milk, eggs])
    }

    @Test("save inserts an entity with a new id, at the end")
    func saveInserts() async throws {
        let repository = makeRepository([milk])

        try await repository.save(eggs)

        #expect(try await repository.findAll() == [milk, eggs])
    }

    @Test("save replaces the entity with the same id, in place")
    func saveReplaces() async throws {
        let repository = makeRepository([milk, eggs])
        var checkedMilk = milk
        checkedMilk.isChecked = true
        checkedMilk.amount = "2 l"

        try await repository.save(checkedMilk)

        #expect(try await repository.findAll() == [checkedMilk, eggs])
        #expect(try await repository.find(id: milk.id)?.amount == "2 l")
    }

    @Test("save of an array inserts new ones and replaces known ones")
    func saveArray() async throws {
        let repository = makeRepository([milk])
        var renamedMilk = milk
        renamedMilk.name = "oat milk"

        try await repository.save([eggs, renamedMilk, flour])

        #expect(try await repository.findAll() == [renamedMilk, eggs, flour])
    }

    @Test("saving the same id twice in one array keeps the last one, once")
    func saveArrayWithDuplicateIDs() async throws {
        let repository: any Repository<ShoppingItem> = makeRepository()
        var secondEggs = eggs
        secondEggs.amount = "12"

        try await repository.save([eggs, secondEggs])

        #expect(try await repository.findAll() == [secondEggs])
    }

    @Test("delete removes the entities with those ids")
    func deleteRemoves() async throws {
        let repository = makeRepository([milk, eggs, flour])

        try await repository.delete(ids: [milk.id, flour.id])

        #expect(try await repository.findAll() == [eggs])
    }

    @Test("delete ignores ids that do not exist")
    func deleteIgnoresUnknownIDs() async throws {
        let repository = makeRepository([milk, eggs])

        try await repository.delete(ids: [UUID(), eggs.id, UUID()])
        try await repository.delete(id: UUID())

        #expect(try await repository.findAll() == [milk])
    }

    @Test("delete(id:) removes one entity")
    func deleteOne() async throws {
        let repository = makeRepository([milk, eggs])

        try await repository.delete(id: milk.id)

        #expect(try await repository.findAll() == [eggs])
        #expect(try await repository.find(id: milk.id) == nil)
    }

    @Test("find returns the entity with that id, or nil")
    func find() async throws {
        let repository = makeRepository([milk, eggs])

        #expect(try await repository.find(id: eggs.id) == eggs)
        #expect(try await repository.find(id: UUID()) == nil)
    }

    @Test("findAll filters by the query and orders by the sorts")
    func findAllWithQueryAndSort() async throws {
        let repository = makeRepository(Fixtures.recipes.map { FavoriteRecipe(recipe: $0, savedAt: Double($0.id)) })

        let newestCurries = try await repository.findAll(.keyword("curry"), sort: [.descending(.savedAt)])

        #expect(newestCurries.map(\.id) == [6, 2, 1])
    }

    @Test("findAll without sorts keeps the saved order")
    func findAllKeepsOrder() async throws {
        let repository = makeRepository([flour, milk, eggs])

        #expect(try await repository.findAll(.equal(.isChecked, .bool(false))) == [milk, eggs])
        #expect(try await repository.findAll(.all, sort: [.ascending(.position)]) == [milk, eggs, flour])
    }

    @Test("works through the existential Repository interface")
    func existential() async throws {
        let repository: any Repository<RecentSearch> = InMemoryRepository<RecentSearch>()

        try await repository.save(RecentSearch(keyword: "Curry", searchedAt: 1))
        try await repository.save(RecentSearch(keyword: "miso", searchedAt: 2))
        try await repository.save(RecentSearch(keyword: "CURRY", searchedAt: 3))

        let recent = try await repository.findAll(.all, sort: [.descending(.searchedAt)])
        #expect(recent.map(\.keyword) == ["curry", "miso"])
        #expect(recent.map(\.searchedAt) == [3, 2])
    }
}
