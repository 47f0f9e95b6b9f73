import Foundation
import Testing
@testable import DynamicType

@Suite struct ChecklistTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func anItemIDIsLowerCaseWordsJoinedBySingleHyphens() {
        for id in ["no-truncation", "a", "text-scales", "ax5-only", "1-2-3", String(repeating: "a", count: 64)] {
            #expect(ChecklistFile.isValidItemID(id), "\(id)")
        }
        for id in ["", "-a", "a-", "a--b", "Bad", "bad id", "café", "a_b", "ａ", "a\u{301}", String(repeating: "a", count: 65), "-"] {
            #expect(!ChecklistFile.isValidItemID(id), "\(id)")
            #expect(!ChecklistFile.isValidItemID(Substring(id)), "\(id)")
        }
    }

    @Test func theShippedChecklistIsValidAndCoversTheRequiredItems() throws {
        let checklist = try ShippedChecklists.defaultChecklist()
        let plan = Dictionary(uniqueKeysWithValues: checklist.items.map { ($0.id, $0.sizes.map(\.id)) })
        let required: [String: [String]] = [
            "text-scales": ["xs", "l", "ax5"], "no-truncation": ["xxxl", "ax3", "ax5"], "no-overlap": ["ax3", "ax5"],
            "reachable": ["ax5"], "layout-adapts": ["ax1", "ax3", "ax5"], "default-unchanged": ["l"], "xsmall": ["xs"],
            "live-update": ["ax1"], "custom-fonts": ["ax3"], "icons-scale": ["ax3"], "cells-resize": ["ax5"],
            "large-content-viewer": ["ax5"], "no-shrink": ["ax5"], "errors-near-fields": ["ax5"],
            "long-translations": ["ax3"], "landscape": ["ax3"], "readable-over-background": ["ax5"],
        ]
        for (id, sizes) in required { #expect(plan[id] == sizes, "\(id)") }
        #expect(checklist.items.filter(\.scaling).map(\.id) == ["text-scales"])
        #expect(checklist.items.allSatisfy { !$0.howToCheck.isEmpty && !$0.title.isEmpty })
        #expect(checklist.title == "Dynamic Type")
    }

    @Test func theBinaryCarriesExactlyTheFileInChecklists() throws {
        let file = try String(contentsOf: Self.packageRoot.appendingPathComponent("Checklists/dynamic-type.md"), encoding: .utf8)
        #expect(ShippedChecklists.text(named: "dynamic-type") == file)
    }

    @Test func everyProblemIsReportedWithItsLine() {
        let text = """
            # Team checklist
            - version: one

            ## Bad ID: Something
            - sizes: ax5
            - severity: critical

            How.

            ## no-truncation: Clipping
            - sizes: ax6
            - severity: huge
            - fix: glue
            - colour: red
            - wcag: 1.4

            ## no-truncation: Twice
            - severity: minor

            ## empty-item: Nothing to say
            - sizes: l
            - severity: minor
            """
        do {
            _ = try ChecklistFile.parse(text, name: "team")
            Issue.record("an invalid checklist was accepted")
        } catch {
            let lines = error.problems.map(\.line)
            let messages = error.problems.map(\.message).joined(separator: "\n")
            #expect(lines.contains(2) && messages.contains("version 'one'"))
            #expect(lines.contains(4) && messages.contains("item id 'Bad ID'"))
            #expect(lines.contains(11) && messages.contains("unknown size 'ax6'"))
            #expect(lines.contains(12) && messages.contains("severity 'huge'"))
            #expect(lines.contains(13) && messages.contains("fix 'glue'"))
            #expect(lines.contains(14) && messages.contains("unknown field 'colour'"))
            #expect(lines.contains(15) && messages.contains("'1.4' is not a WCAG success criterion"))
            #expect(lines.contains(17) && messages.contains("used twice (first on line 10)"))
            #expect(messages.contains("item 'no-truncation' has no '- sizes:' line"))
            #expect(lines.contains(20) && messages.contains("'empty-item' does not say how to check it"))
            #expect(error.problems.count >= 10)
        }
    }

    @Test func structureProblemsAreCaught() {
        #expect(throws: ChecklistFile.Invalid.self) { try ChecklistFile.parse("", name: "x") }
        #expect(throws: ChecklistFile.Invalid.self) { try ChecklistFile.parse("# Title\n- version: 1\n", name: "x") }
        #expect(throws: ChecklistFile.Invalid.self) { try ChecklistFile.parse("# T\n- version: 1\n<!-- open\n## a: b\n", name: "x") }
        #expect(throws: ChecklistFile.Invalid.self) { try ChecklistFile.parse("# T\n- version: 1\n## a: b\n- sizes: l\n- severity: minor\n\nx\0y\n", name: "x") }
    }

    @Test func aMinimalChecklistParses() throws {
        let list = try ChecklistFile.parse("# Mini\n\n- version: 2.1\n\nIntro.\n\n## only-item: One\n\n- sizes: ax1-ax2, l\n- severity: minor\n- scaling: yes\n\nLook.\nThen look again.\n", name: "mini")
        #expect(list.version == "2.1")
        #expect(list.summary == "Intro.")
        #expect(list.items.first?.sizes == [.l, .ax1, .ax2])
        #expect(list.items.first?.scaling == true)
        #expect(list.items.first?.howToCheck == "Look.\nThen look again.")
        #expect(list.plannedCells.count == 3)
    }

    @Test func aFileFromWindowsReadsTheSame() throws {
        let text = "# Mini\n\n- version: 2.1\n\nIntro.\n\n## only-item: One\n\n- sizes: ax1-ax2, l\n- severity: minor\n\nLook.\nThen look again.\n"
        let unix = try ChecklistFile.parse(text, name: "mini")
        let windows = "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")
        let read = try ChecklistFile.parse(windows, name: "mini")
        #expect(read.items == unix.items)
        #expect((read.title, read.version, read.summary) == (unix.title, unix.version, unix.summary))
    }

    @Test func controlCharactersAndTabbedTitlesAreRefusedWithTheirLine() {
        let text = "# Team\u{1}\n- version: 1\n\n## only-item: One\tTwo\n- sizes: l\n- severity: minor\n\nLook \u{1B}[31mred.\n"
        do {
            _ = try ChecklistFile.parse(text, name: "team")
            Issue.record("a checklist with control characters was accepted")
        } catch {
            let problems = error.problems.map { "\($0.line): \($0.message)" }
            #expect(problems.contains("1: the line holds a control character (U+0001); a checklist is plain text"))
            #expect(problems.contains("4: item 'only-item' has a tab in its title; a title is one line of text"))
            #expect(problems.contains("8: the line holds a control character (U+001B); a checklist is plain text"))
        }
    }

    /// The store keeps a checklist's whole text and shares it, comments included.
    @Test func aControlCharacterInACommentIsRefusedWithItsLine() {
        let text = "# Team\n\n- version: 1\n\n<!--\nWritten by \u{1B}[2J someone\n-->\n\n## only-item: One\n\n- sizes: l\n- severity: minor\n\nLook.\n"
        do {
            _ = try ChecklistFile.parse(text, name: "team")
            Issue.record("a checklist with a control character in a comment was accepted")
        } catch {
            #expect(error.problems.map { "\($0.line): \($0.message)" } == ["6: the line holds a control character (U+001B); a checklist is plain text"])
        }
        #expect(throws: Never.self) { try ChecklistFile.parse(text.replacingOccurrences(of: "\u{1B}[2J", with: "\t"), name: "team") }
    }

    @Test func categoryFollowsTheRules() {
        var tally = CategoryTally()
        tally.setRequired(2)
        #expect(tally.category(triage: nil) == .unaudited)
        #expect(tally.category(triage: .broken) == .broken)
        tally.add(.pass, required: true, scaling: true)
        tally.add(.na, required: true, scaling: false)
        #expect(tally.category(triage: .broken) == .supported)
        var failed = tally
        failed.add(.fail, required: false, scaling: false)
        #expect(failed.category(triage: nil) == .broken)
        failed.add(.fail, required: false, scaling: true)
        #expect(failed.category(triage: .supported) == .unsupported)
    }
}
