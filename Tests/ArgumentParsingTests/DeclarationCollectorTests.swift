import Dispatch
import Testing
@testable import ArgumentParsing

/// A command with stored properties that declare nothing among its declarations, and a group that
/// itself holds a group first (so that both begin with the same reference).
struct Crate: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "crate", abstract: "Pack a crate.")
    let unit = "kg"
    @Argument(help: "The crate's label.", valueName: "label") var label: String
    var packed: [String] = ["straw"]
    @OptionGroup var packing: PackingOptions
    var weight = 12.5
    @Option(help: "How many.") var count = 1
    func run() {}
    init() {}
}

struct PackingOptions: ParsableArguments {
    static let placement = OptionGroupPlacement.inPlace
    @OptionGroup var output: JSONFlag
    @Flag(help: "Pack it tight.") var tight = false
    init() {}
}

@Suite struct DeclarationCollectorTests {
    /// Every command and group the tests declare, of every shape the parser meets.
    static let types: [Any.Type] = [Kit.self, Pin.self, PinOwn.self, PinGrouped.self, PinRetold.self, Crate.self, PackingOptions.self,
                                    ShelfArgument.self, JSONFlag.self, SharedOptions.self]

    @Test(arguments: types.indices)
    func storedPropertiesAreThoseReflectionShows(index: Int) throws {
        let type = Self.types[index]
        let value: Any = try #require((type as? any ParsableCommand.Type)?.init() ?? (type as? any ParsableArguments.Type)?.init())
        let properties = try #require(StoredProperties(of: type))
        #expect(properties.properties.map(\.name) == Mirror(reflecting: value).children.map { $0.label ?? "" })
        #expect(properties.properties.map(\.offset) == properties.properties.map(\.offset).sorted())
    }

    @Test func onlyStructsHaveStoredPropertiesRead() {
        #expect(StoredProperties(of: Int?.self) == nil)
        #expect(StoredProperties(of: DeclarationCollector.self) == nil)
    }

    @Test func propertiesThatDeclareNothingAreLeftOut() throws {
        let instance = CommandInstance(Crate.self)
        #expect(instance.boxes.map(\.definition.propertyName) == ["label", "json", "tight", "count"])
        let crate = try #require(try Parser.parse(root: Crate.self, arguments: ["Books", "--tight", "--count", "3", "--json"]).command as? Crate)
        #expect(crate.label == "Books" && crate.packing.tight && crate.packing.output.json && crate.count == 3)
        #expect(crate.weight == 12.5 && crate.packed == ["straw"])
    }

    @Test func aDeclarationRetoldInAGroupsInitIsTheOneParsed() {
        let boxes = CommandInstance(PinRetold.self).boxes
        #expect(boxes.map(\.definition.help) == ["The shelf to pin to, by its exact name."])
    }

    @Test func commandLinesParsedOnManyThreadsAtOnceEachGetTheirOwnDeclarations() {
        let lines: [(arguments: [String], label: String)] = (0..<200).map { n in
            n % 2 == 0 ? (["grouped", "Shelf \(n)", "Label \(n)", "--json"], "Label \(n)") : (["own", "Shelf \(n)", "Label \(n)"], "Label \(n)")
        }
        let parsed = Parsed(count: lines.count)
        DispatchQueue.concurrentPerform(iterations: lines.count) { index in
            let command = try? Parser.parse(root: Pin.self, arguments: lines[index].arguments).command
            parsed.set(index, (command as? PinGrouped)?.label ?? (command as? PinOwn)?.label)
        }
        #expect(parsed.values == lines.map(\.label))
    }
}

/// Results written from many threads, each to its own slot.
private final class Parsed: @unchecked Sendable {
    private let lock = SlotLock()
    private var slots: [String?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: String?) { lock.locked { slots[index] = value } }

    var values: [String?] { lock.locked { slots } }
}

/// A lock from Dispatch, so that the test needs no Foundation.
private final class SlotLock: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 1)

    func locked<T>(_ body: () -> T) -> T {
        semaphore.wait()
        defer { semaphore.signal() }
        return body()
    }
}
