import Testing
@testable import OpLintSource

@Suite("Tokenizer")
struct TokenizerTests {
    /// The identifiers of `text`, in order.
    static func identifiers(_ text: String, _ language: SourceLanguage = .swift) -> [String] {
        let file = SourceFile(path: "T", language: language, bytes: Array(text.utf8))
        return file.tokens.indices.filter { file.tokens[$0].kind == .identifier }.map(file.text)
    }

    static func file(_ text: String, _ language: SourceLanguage = .swift) -> SourceFile {
        SourceFile(path: "T", language: language, bytes: Array(text.utf8))
    }

    @Test("A token is twelve bytes and keeps every kind and length it is given")
    func packedTokens() {
        #expect(MemoryLayout<Token>.stride == 12)
        let kinds: [Token.Kind] = [.identifier, .number, .string, .character, .annotation, .punctuation, .directive]
        for kind in kinds {
            for length: Int32 in [0, 1, 7, 65_535, 1 << 24, Token.longestLength] {
                var token = Token(kind: kind, start: 12_345, length: length, line: 678)
                #expect(token.kind == kind && token.length == length && token.start == 12_345 && token.line == 678)
                token.kind = .directive
                token.length = 3
                #expect(token.kind == .directive && token.length == 3)
                token.kind = kind
                #expect(token == Token(kind: kind, start: 12_345, length: 3, line: 678))
            }
        }
        // Beyond the longest length (a file over 512 MiB) a token is cut, not wrapped around.
        #expect(Token(kind: .string, start: 0, length: Int32.max, line: 1).length == Token.longestLength)
        #expect(Token(kind: .string, start: 0, length: Int32.max, line: 1).kind == .string)
    }

    @Test("Tokens shrunk to their size are the same tokens, and shrunk memory, even of no token, can be tokenized into again")
    func shrunkTokens() {
        let text = "let queue = OperationQueue() // a comment\nqueue.addOperation { print(\"x\") }\n"
        let file = SourceFile(path: "T", language: .swift, bytes: Array(text.utf8))
        let expected = Array(file.tokens)
        let partners = Array(file.partner)
        let shrunk = file.withTokensShrunk()
        #expect(Array(shrunk.tokens) == expected && Array(shrunk.partner) == partners)
        #expect(shrunk.tokenStorage.capacity == expected.count)
        for source in [SourceFile(path: "E", language: .swift, bytes: []).withTokensShrunk(), shrunk] {
            let again = SourceFile(path: "A", language: .swift, bytes: Array(text.utf8), reusing: source.tokenStorage)
            #expect(Array(again.tokens) == expected && Array(again.partner) == partners)
        }
    }

    @Test("Comments hide code, nested block comments in Swift included")
    func comments() {
        #expect(Self.identifiers("a // b c\nd /* e /* f */ g */ h") == ["a", "d", "h"])
        // Objective-C block comments do not nest.
        #expect(Self.identifiers("a /* b /* c */ d", .objectiveC) == ["a", "d"])
    }

    @Test("Strings hide code; interpolations are code, nested to any depth")
    func strings() {
        #expect(Self.identifiers(#"let s = "addDependency(x) \(a + "\(b)") end" ; c"#) == ["let", "s", "a", "b", "c"])
        #expect(Self.identifiers(#"x = "\(f(g(h)))" y"#) == ["x", "f", "g", "h", "y"])
    }

    @Test("Multi-line and raw strings")
    func multilineAndRaw() {
        let text = "a = \"\"\"\n  queue.addOperation(op)\n  \"quoted\" \\(b)\n  \"\"\"\nc = #\"raw \\(notCode) \"# + #\"\\#(d)\"#\ne"
        #expect(Self.identifiers(text) == ["a", "b", "c", "d", "e"])
        let lines = Self.file(text)
        let e = lines.tokens.firstIndex { lines.text(lines.tokens.firstIndex(of: $0)!) == "e" }!
        #expect(lines.location(e).line == 6)
    }

    @Test("Objective-C literals, characters, message sends, blocks and preprocessor lines")
    func objectiveC() {
        let text = """
        #import <Foundation/Foundation.h>
        #define QUEUE_NAME "q" \\
            "continued"
        NSString *s = @"start [op cancel]"; char c = '\\''; char d = '"';
        [queue addOperationWithBlock:^{ [op start]; }];
        """
        let ids = Self.identifiers(text, .objectiveC)
        #expect(ids == ["NSString", "s", "char", "c", "char", "d", "queue", "addOperationWithBlock", "op", "start"])
        let file = Self.file(text, .objectiveC)
        #expect(file.tokens.filter { $0.kind == .directive }.count == 2)
        #expect(file.warnings.isEmpty)
    }

    @Test("Swift regex literals are literals: their quotes and slashes start nothing")
    func swiftRegexLiterals() {
        let text = #"""
        let r = /^\"(?<a>.*)\" = \"(?<b>.*)\";$/
        if let m = line.wholeMatch(of: /[a-z]+\/x/) { use(m) }
        let e = #/
          "quoted" // not a comment
        /#
        let half = total / 2, ratio = a/b/c
        let f = [1, 2].reduce(1, /)
        z
        """#
        let file = Self.file(text)
        #expect(file.warnings.isEmpty, "\(file.warnings)")
        // An escaped line break inside an extended literal still counts as a line.
        let escaped = Self.file("let e = #/a\\\nb/#\nz")
        #expect(escaped.location(escaped.tokens.count - 1).line == 3)
        #expect(Self.identifiers(text) == ["let", "r", "if", "let", "m", "line", "wholeMatch", "of", "use", "m",
                                           "let", "e", "let", "half", "total", "ratio", "a", "b", "c",
                                           "let", "f", "reduce", "z"])
        let z = file.tokens.indices.first { file.text($0) == "z" }!
        #expect(file.location(z).line == 8)
        // Division stays punctuation.
        #expect(file.tokens.filter { $0.kind == .punctuation && text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: Int($0.start))] == UInt8(ascii: "/") }.count == 4)
    }

    @Test("#/ never closed is searched to the end once, not once for each of them")
    func unclosedExtendedRegexIsSearchedOnce() {
        // Searching from each of 20,000 `#/` to the end of the file would take 20,000 × 160,000 steps.
        let text = String(repeating: "x = #/a ", count: 20_000) + "\nlet r = b / 2; z"
        let file = Self.file(text)
        #expect(Self.identifiers(text).count == 40_004)
        #expect(file.tokens.filter { $0.kind == .string }.isEmpty)
    }

    @Test("Objective-C++ raw strings, CR LF continuations and comments in directives")
    func objectiveCLiteralsOfOtherDialects() {
        let raw = "static const char *s = R\"x(\n\"quoted\" 'a\n)\" not the end\n)x\";\nint after;\nauto w = LR\"(y)\";"
        let rawFile = Self.file(raw, .objectiveC)
        #expect(rawFile.warnings.isEmpty, "\(rawFile.warnings)")
        #expect(Self.identifiers(raw, .objectiveC) == ["static", "const", "char", "s", "int", "after", "auto", "w"])
        let after = rawFile.tokens.indices.first { rawFile.text($0) == "after" }!
        #expect(rawFile.location(after).line == 5)
        // A raw string never closed is one warning, not a run of them.
        #expect(Self.file("auto s = R\"(open\nstill", .objectiveC).warnings.map(\.message) == ["unterminated raw string literal"])
        // `R"` without a parenthesis is an identifier and a string, as before.
        #expect(Self.identifiers("x = R\"plain\"; y", .objectiveC) == ["x", "R", "y"])

        let crlf = "const char *s = \"abc\\\r\ndef\";\r\nint x;\r\n"
        let crlfFile = Self.file(crlf, .objectiveC)
        #expect(crlfFile.warnings.isEmpty, "\(crlfFile.warnings)")
        #expect(Self.identifiers(crlf, .objectiveC) == ["const", "char", "s", "int", "x"])

        let directive = "#define X 1 /* a\n * host's memory\n */\nint y;\n#define URL @\"http://a/*b\"\nint z;\n#error Don't\nint w;"
        let directiveFile = Self.file(directive, .objectiveC)
        #expect(directiveFile.warnings.isEmpty, "\(directiveFile.warnings)")
        #expect(Self.identifiers(directive, .objectiveC) == ["int", "y", "int", "z", "int", "w"])
        let y = directiveFile.tokens.indices.first { directiveFile.text($0) == "y" }!
        #expect(directiveFile.location(y).line == 4)
        #expect(Self.file("#define X /* never closed\nint y;", .objectiveC).warnings.map(\.message) == ["unterminated block comment"])

        // A string in a directive continued onto the next lines with a backslash: what it holds
        // there (`/*`, `//`) opens no comment.
        for newline in ["\n", "\r\n"] {
            let continued = ["#define GLOB @\"logs\\", "/var/log/*.txt\\", "https://example.net\\", "\"", "int a;", "/* closed */ int b;"]
                .joined(separator: newline)
            let continuedFile = Self.file(continued, .objectiveC)
            #expect(continuedFile.warnings.isEmpty, "\(continuedFile.warnings)")
            #expect(Self.identifiers(continued, .objectiveC) == ["int", "a", "int", "b"])
            let a = continuedFile.tokens.indices.first { continuedFile.text($0) == "a" }!
            #expect(continuedFile.location(a).line == 5)
        }
    }

    @Test("Brackets are matched")
    func brackets() {
        let file = Self.file("f(a[1], { b }) { }")
        let open = file.tokens.firstIndex { file.bytes[Int($0.start)] == UInt8(ascii: "(") }!
        let close = Int(file.partner[open])
        #expect(file.text(close) == ")")
        #expect(Int(file.partner[close]) == open)
    }

    @Test("Unterminated comments and strings are warnings, not failures")
    func unterminated() {
        let comment = Self.file("a /* never closed\nb c")
        #expect(comment.warnings.map(\.message) == ["unterminated block comment"])
        let string = Self.file("a = \"open\nb = 1")
        #expect(string.warnings.map(\.message) == ["unterminated string literal"])
        #expect(Self.identifiers("a = \"open\nb = 1") == ["a", "b"])
        let interpolation = Self.file("x = \"\\(a(")
        #expect(!interpolation.warnings.isEmpty)
    }

    @Test("Annotations are kept; other comments are dropped")
    func annotations() {
        let file = Self.file("// oplint:queue io max=1\n// plain\n/* oplint:operation a */ x")
        let annotations = file.tokens.indices.filter { file.tokens[$0].kind == .annotation }.map(file.text)
        #expect(annotations == ["// oplint:queue io max=1", "/* oplint:operation a */"])
    }

    @Test("Columns count Unicode scalars")
    func columns() {
        let file = Self.file("let é = \"ü\"; op")
        let op = file.tokens.count - 1
        #expect(file.location(op).column == 14)
    }

    @Test("10,000-deep nesting of braces, brackets and interpolations does not overflow the stack")
    func deepNesting() {
        let depth = 10_000
        let braces = String(repeating: "{", count: depth) + "x" + String(repeating: "}", count: depth)
        #expect(Self.identifiers(braces) == ["x"])
        let mixed = String(repeating: "{[(", count: depth) + String(repeating: ")]}", count: depth)
        let file = Self.file(mixed)
        #expect(Int(file.partner[0]) == file.tokens.count - 1)
        let interpolations = String(repeating: "\"\\(", count: depth) + "y" + String(repeating: ")\"", count: depth)
        #expect(Self.identifiers(interpolations) == ["y"])
    }
}
