import Dispatch
import Testing
@testable import Scan

@Suite("Project index")
struct ProjectIndexTests {
    /// File `k` declares `Shared` with a base class of its own and gives `size` its own value, so
    /// that the index tells whether the facts went in in file order.
    static func facts(count: Int) -> [FileFacts] {
        (0..<count).map { k in
            var fact = FileFacts()
            fact.types = [FileFacts.TypeFact(name: "Shared", keyword: .class, inherits: ["Base\(k)"],
                                             members: ["member\(k)"], setsLiveUpdate: k % 7 == 0)]
            fact.origins = ["size": .literal(k < 100 ? 12 : Double(k)), "own\(k)": .scaled]
            fact.memberTypes = ["label\(k % 5)": k % 5 == 0 ? "UILabel\(k)" : "UILabel"]
            return fact
        }
    }

    @Test("facts delivered from every core, in any order, build the index that file order builds")
    func concurrentDelivery() {
        let facts = ProjectIndexTests.facts(count: 400)
        let expected = ProjectIndex(facts)
        for round in 0..<20 {
            let builder = ProjectIndexBuilder(count: facts.count)
            // Back to front once, then scrambled: the cores take the files in an order of their own too.
            let order = round == 0 ? Array((0..<facts.count).reversed()) : Array(0..<facts.count).shuffled()
            DispatchQueue.concurrentPerform(iterations: facts.count) { k in
                builder.deliver(order[k], facts[order[k]])
            }
            let index = builder.finish()
            #expect(index.inherits["Shared"] == ["Base0"], "the first file's declaration wins")
            #expect(index.members["Shared"] == expected.members["Shared"])
            #expect(index.members["Shared"]?.count == facts.count)
            #expect(index.liveUpdateTypes == expected.liveUpdateTypes)
            #expect(index.origins == expected.origins)
            #expect(index.origins["size"] == .literal(nil), "values that disagree leave no number")
            #expect(index.memberTypes == expected.memberTypes)
            #expect(index.memberTypes["label0"] == nil && index.memberTypes["label1"] == "UILabel")
        }
    }
}
