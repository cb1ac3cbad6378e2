import Core
import CoreTesting
import Foundation
import Testing

@Suite("FailingLaterRepository: a store that gives out after its first reads")
struct FailingLaterRepositoryTests {
    let milk = ShoppingItem(id: UUID(), name: "milk", position: 1)
    let eggs = ShoppingItem(id: UUID(), name: "eggs", position: 2)

    func base() async throws -> InMemoryRepository<ShoppingItem> {
        let base = InMemoryRepository<ShoppingItem>()
        await base.save([milk, eggs])
        return base
    }

    @Test("the first reads are answered from the base; every read after them fails")
    func reads() async throws {
        let store = FailingLaterRepository(try await base(), reads: 2, changesFail: false)
        #expect(try await store.findAll().count == 2)
        #expect(try await store.find(id: milk.id) == milk)
        await #expect(throws: StubStoreError.diskFailing) { try await store.findAll() }
        await #expect(throws: StubStoreError.diskFailing) { try await store.find(id: milk.id) }
    }

    @Test("changes reach the base unless they fail from the start")
    func changes() async throws {
        let base = try await base()
        let working = FailingLaterRepository(base, reads: 0, changesFail: false)
        #expect(try await working.delete(ids: [milk.id]) == [milk.id])
        #expect(try await base.findAll() == [eggs])

        let refusing = FailingLaterRepository(base, reads: 1, changesFail: true, error: .diskFull)
        await #expect(throws: StubStoreError.diskFull) { try await refusing.delete(ids: [eggs.id]) }
        await #expect(throws: StubStoreError.diskFull) { try await refusing.save([milk]) }
        await #expect(throws: StubStoreError.diskFull) { _ = try await refusing.update(id: eggs.id) { $0.isChecked = true } }
        #expect(try await refusing.findAll() == [eggs], "nothing was changed")
    }
}
