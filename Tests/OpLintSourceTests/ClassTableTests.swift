import Foundation
import Testing
@testable import OpLintSource

/// The class table's short cuts against the long way round: declarations that say nothing
/// left out, declarations kept by index, and a list trimmed without Foundation.
@Suite("Class table")
struct ClassTableTests {
    /// Every question the second pass asks the table, about `name`.
    static func answers(_ table: ClassTable, _ name: String) -> String {
        let traits = table.traits(of: name)
        let start = table.startReplacement(of: name)
        return [
            "\(table.chain(of: name))", "\(table.classification(of: name).rawValue)", "\(table.isBlockOperation(name))",
            "\(traits.isAsynchronous) \(traits.finishes)", "\(start?.className ?? "-") \(start?.location?.description ?? "-")",
            "\(table.member("queue", of: name).map { "\($0.type) \($0.owner) \($0.isComputed)" } ?? "-")",
            "\(table.factory("make", of: name) ?? "-")", "\(table.cancelsItself("expire", of: name))",
        ].joined(separator: " | ")
    }

    @Test("A declaration that says nothing changes no answer, in any order it comes")
    func declarationsThatSayNothing() {
        var step = ClassDeclaration(name: "Step", superclass: "Operation")
        step.overridesStart = true
        step.members = ["queue": "OperationQueue"]
        step.cancellingMethods = ["expire": true]
        var hub = ClassDeclaration(name: "Hub", superclass: "NSObject")
        hub.factories = ["make": "Step"]
        let root = { () -> ClassDeclaration in var plain = ClassDeclaration(name: "Plain", superclass: nil); plain.isRoot = true; return plain }()
        let declarations = [step, hub, root, ClassDeclaration(name: "Sub", superclass: "Step"), ClassDeclaration(name: "Worker", superclass: "NSOperation")]
        // `@implementation Step`, `@implementation Loose` with nothing in them.
        let empty = ["Step", "Loose", "Hub", "Plain", "Operation", "NSOperationQueue"].map { ClassDeclaration(name: $0, superclass: nil) }
        #expect(empty.allSatisfy { $0.saysNothing })
        #expect(declarations.allSatisfy { !$0.saysNothing })
        var without = ClassTable()
        for declaration in declarations { without.add(declaration) }
        let names = ["Step", "Sub", "Hub", "Plain", "Worker", "Loose", "Operation", "NSOperationQueue", "Missing"]
        for before in [true, false] {
            var with = ClassTable()
            if before { for declaration in empty { with.add(declaration) } }
            for declaration in declarations { with.add(declaration) }
            if !before { for declaration in empty { with.add(declaration) } }
            for name in names { #expect(Self.answers(with, name) == Self.answers(without, name), "\(name), empty ones \(before ? "first" : "last")") }
        }
    }

    @Test("A class lookup gives the table's answers, asked once or again, whatever it was asked before")
    func lookupRemembersTheTablesAnswers() {
        var table = ClassTable()
        var screen = ClassDeclaration(name: "Screen", superclass: "NSObject")
        screen.isMainActor = true
        for declaration in [
            ClassDeclaration(name: "Step", superclass: "Operation"), ClassDeclaration(name: "Sub", superclass: "Step"),
            ClassDeclaration(name: "Lane", superclass: "NSOperationQueue"), ClassDeclaration(name: "Helper", superclass: "NSObject"),
            ClassDeclaration(name: "Loose", superclass: "Unseen"), ClassDeclaration(name: "Pipe", superclass: "Loose"),
            screen, ClassDeclaration(name: "Panel", superclass: "Screen"),
            ClassDeclaration(name: "Ring", superclass: "Loop"), ClassDeclaration(name: "Loop", superclass: "Ring"),
        ] { table.add(declaration) }
        table.addUses(operations: ["Unseen", "Job"], queues: ["Runner"])
        let names = ["Step", "Sub", "Lane", "Helper", "Loose", "Pipe", "Screen", "Panel", "Ring", "Job", "Runner", "Missing", "Operation", "NSObject"]
        func answers(_ lookup: ClassLookup, _ name: String) -> [Bool] {
            let known = lookup.classification(name)
            return [lookup.isOperation(name), lookup.isQueue(name), lookup.isOperationOrQueue(name), known.contains(.neither), known.contains(.undeclared), lookup.isMainActor(name)]
        }
        for order in [names, names.reversed()] {
            let lookup = ClassLookup(table)
            for name in order + order {
                let known = table.classification(of: name)
                let expected = [known.contains(.operation), known.contains(.queue), known.contains(.operation) || known.contains(.queue),
                                known.contains(.neither), known.contains(.undeclared), table.isMainActor(name)]
                #expect(answers(lookup, name) == expected, "\(name)")
            }
        }
        // The answers the lookup remembers are the ones that matter: a sample of them.
        let lookup = ClassLookup(table)
        #expect(answers(lookup, "Sub") == [true, false, true, false, false, false])
        #expect(answers(lookup, "Pipe") == [true, false, true, false, true, false])
        #expect(answers(lookup, "Panel") == [false, false, false, true, false, true])
        #expect(answers(lookup, "Runner") == [false, true, true, false, true, false])
    }

    @Test("Objective-C blocks with no traits are left out of the declared types; the others are kept")
    func emptyBlocksLeftOut() {
        let text = """
        @interface Helper : NSObject
        @property (nonatomic, copy) NSString *name;
        @end
        @implementation Helper
        - (NSString *)greeting { return @"hi"; }
        @end
        @implementation Queue
        - (void)start { }
        @end
        """
        let file = SourceFile(path: "Helper.m", language: .objectiveC, bytes: Array(text.utf8))
        let declared = DeclarationScanner(file: file).scan().declared.classes
        #expect(declared.map(\.name) == ["Helper", "Queue"])
        #expect(declared.first?.superclass == "NSObject" && declared.last?.overridesStart == true)
    }

    @Test("Names in a written list are trimmed as Foundation trims white space and line breaks")
    func trimming() {
        let spaces = [" ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2003}", "\u{2028}", "\u{3000}", "\u{FEFF}", ""]
        for leading in spaces {
            for trailing in spaces {
                for core in ["op", "a b", "\u{E9}t\u{E9}", "", "x\u{200B}"] {
                    let text = leading + core + trailing
                    #expect(FileScanner.trimmingSpace(Substring(text)) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(Array(text.unicodeScalars))")
                }
            }
        }
    }
}
