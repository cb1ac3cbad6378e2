import Core
import CoreTesting
import Foundation
import Testing

@testable import ShoppingList

extension ShoppingListScreenTests {
    // MARK: A failing store

    @Test func anUnreadableStoreShowsARetryableFailure() async throws {
        let repository = FlakyRepository<ShoppingItem>([ShoppingItem(id: UUID(), name: "milk", position: 0)], failsReads: true)
        let screen = await appearedScreen(in: environment.overriding(\.shoppingList, with: repository))

        guard case .failed(let failure) = screen.content.status else {
            Issue.record("expected a failed status, got \(screen.content.status)")
            return
        }
        #expect(failure.message == "Couldn't load the shopping list: the disk is full")
        #expect(failure.recovery == "Free some space and try again.")
        #expect(failure.canRetry)
        #expect(screen.content.sections.isEmpty)

        await repository.setFailing(reads: false, writes: false)
        _ = await screen.handle(.retry)

        #expect(screen.content.status == .ready)
        #expect(screen.content.itemLabels == ["milk"])
    }

    @Test func aFailedAddKeepsTheListAndTheEntryToTryAgainAndExplains() async throws {
        let bread = ShoppingItem(id: UUID(), name: "bread", position: 0)
        let repository = FlakyRepository<ShoppingItem>([bread])
        let screen = await appearedScreen(in: environment.overriding(\.shoppingList, with: repository))
        await repository.setFailing(reads: false, writes: true)

        await add("milk", on: screen)

        #expect(
            screen.content.notice
                == "Couldn't add “milk”: the disk is full. Free some space and try again. “milk” is kept below: press Enter on it to try again."
        )
        #expect(screen.content.itemLabels == ["bread"])
        #expect(screen.content.status == .ready)
        #expect(screen.content.draft == "", "the field is for the next entry")
        let kept = try #require(screen.content.notAddedRows.first)
        #expect(screen.content.notAddedRows.map(\.plainText) == ["<Add “milk” again> · not saved yet"])
        #expect(await repository.stored() == [bread])
        #expect(recorder.events.isEmpty)

        _ = await screen.handle(.activate(row: kept.id))
        #expect(screen.content.notAddedRows.count == 1, "still kept while the store fails")
        await repository.setFailing(reads: false, writes: false)
        _ = await screen.handle(.activate(row: kept.id))
        #expect(screen.content.notice == "Added “milk”.")
        #expect(screen.content.itemLabels == ["bread", "milk"])
        #expect(screen.content.notAddedRows.isEmpty)
    }

    @Test func anEntryNotAddedCanBeDropped() async throws {
        let repository = FlakyRepository<ShoppingItem>(failsWrites: true)
        let screen = await appearedScreen(in: environment.overriding(\.shoppingList, with: repository))
        await add("milk", on: screen)
        let kept = try #require(screen.content.notAddedRows.first)
        #expect(kept.isDeletable)

        _ = await screen.handle(.delete(row: kept.id))

        #expect(screen.content.notAddedRows.isEmpty)
        #expect(screen.content.notice == "Dropped “milk”: it was not added.")
    }

    @Test func aFailedToggleKeepsTheItemAsShownAndExplains() async throws {
        let milk = ShoppingItem(id: UUID(), name: "milk", position: 0)
        let repository = FlakyRepository<ShoppingItem>([milk])
        let screen = await appearedScreen(in: environment.overriding(\.shoppingList, with: repository))
        await repository.setFailing(reads: false, writes: true)

        _ = await screen.handle(.toggle(row: .item(milk.id)))

        #expect(screen.content.row(id: .item(milk.id))?.plainText == "[ ] milk")
        #expect(screen.content.notice == "Couldn't check “milk”: the disk is full. Free some space and try again.")
        #expect(await repository.stored() == [milk])
        #expect(recorder.events.isEmpty)
    }

    @Test func aFailedDeleteKeepsTheItemAndExplains() async throws {
        let milk = ShoppingItem(id: UUID(), name: "milk", isChecked: true, position: 0)
        let repository = FlakyRepository<ShoppingItem>([milk])
        let screen = await appearedScreen(in: environment.overriding(\.shoppingList, with: repository))
        await repository.setFailing(reads: false, writes: true)

        _ = await screen.handle(.delete(row: .item(milk.id)))
        #expect(screen.content.notice == "Couldn't remove “milk”: the disk is full. Free some space and try again.")

        _ = await screen.handle(.activate(row: .clearChecked))
        #expect(screen.content.notice == "Couldn't clear the checked items: the disk is full. Free some space and try again.")

        #expect(screen.content.itemLabels == ["milk"])
        #expect(screen.content.row(id: .clearChecked)?.label == "Clear checked (1)")
        #expect(await repository.stored() == [milk])
        #expect(recorder.events.isEmpty)
    }

    @Test func theNoticeIsShownUnderTheList() async throws {
        let repository = FlakyRepository<ShoppingItem>(failsWrites: true)
        let screen = await appearedScreen(in: environment.overriding(\.shoppingList, with: repository))

        await add("milk", on: screen)

        #expect(
            screen.content.plainText().hasSuffix(
                "\n* Couldn't add “milk”: the disk is full. Free some space and try again. “milk” is kept below: press Enter on it to try again.\n"
            ))
    }
}

extension ScreenContent<ShoppingListRow> {
    /// The rows of entries that were not added, to try again.
    var notAddedRows: [ScreenRow<ShoppingListRow>] {
        sections.flatMap(\.rows).filter {
            if case .notAdded = $0.id { true } else { false }
        }
    }
}
