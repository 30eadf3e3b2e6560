import Testing
@testable import REPLEngine

@Suite struct TokenizerTests {
    @Test func splitsOnBlanks() throws {
        #expect(try Tokenizer.words("count  +") == ["count", "+"])
        #expect(try Tokenizer.words("\topen\t2 ") == ["open", "2"])
        #expect(try Tokenizer.words("   ") == [])
    }

    @Test func quotesKeepBlanksAndEscapes() throws {
        #expect(try Tokenizer.words(#"record "my session.txt""#) == ["record", "my session.txt"])
        #expect(try Tokenizer.words(#"say 'it\s' "a \"b\"" c\ d"#) == ["say", #"it\s"#, #"a "b""#, "c d"])
        #expect(try Tokenizer.words(#"x """#) == ["x", ""])
        #expect(try Tokenizer.words("é 한글 🌲") == ["é", "한글", "🌲"])
    }

    @Test func reportsUnfinishedInput() {
        #expect(throws: Tokenizer.Failure.unterminatedQuote("\"")) { try Tokenizer.words(#"open "2"#) }
        #expect(throws: Tokenizer.Failure.unterminatedQuote("'")) { try Tokenizer.words("open '2") }
        #expect(throws: Tokenizer.Failure.trailingBackslash) { try Tokenizer.words(#"open 2\"#) }
    }
}

@Suite struct SuggestionTests {
    let names = ["count", "fetch", "list", "page", "next", "prev", "open", "help", "back", "state", "quit", "exit"]

    @Test func suggestsTheClosestName() {
        #expect(Suggestion.closest(to: "fech", among: names) == "fetch")
        #expect(Suggestion.closest(to: "cuont", among: names) == "count")
        #expect(Suggestion.closest(to: "FETCH", among: names) == "fetch")
        #expect(Suggestion.closest(to: "opne", among: names) == "open")
    }

    @Test func suggestsTheCommandAnotherWordMeans() {
        #expect(Suggestion.synonym(of: "rm", among: ["add", "remove", "list"]) == "remove")
        #expect(Suggestion.synonym(of: "DELETE", among: ["add", "remove"]) == "remove")
        #expect(Suggestion.synonym(of: "ls", among: ["add", "list"]) == "list")
        #expect(Suggestion.synonym(of: "rm", among: ["add", "list"]) == nil, "only a command that is here")
        #expect(Suggestion.synonym(of: "fetch", among: ["fetch", "remove"]) == nil)
    }

    @Test func staysQuietWhenNothingIsClose() {
        #expect(Suggestion.closest(to: "zzzzzz", among: names) == nil)
        #expect(Suggestion.closest(to: "x", among: names) == nil)
        #expect(Suggestion.closest(to: String(repeating: "a", count: 10_000), among: names) == nil)
    }

    @Test func distanceCountsSwapsAsOneEdit() {
        #expect(Suggestion.distance(Array("abcd".unicodeScalars), Array("abdc".unicodeScalars)) == 1)
        #expect(Suggestion.distance(Array("".unicodeScalars), Array("abc".unicodeScalars)) == 3)
        #expect(Suggestion.distance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
    }
}

@Suite struct TerminalTextTests {
    @Test func controlCharactersNeverReachTheTerminalRaw() {
        #expect(TerminalText.sanitize("a\u{1B}[31mred") == "a^[[31mred")
        #expect(TerminalText.sanitize("bell\u{07}") == "bell^G")
        #expect(TerminalText.sanitize("over\rwrite") == "over^Mwrite")
        #expect(TerminalText.sanitize("nul\u{0}") == "nul^@")
        #expect(TerminalText.sanitize("del\u{7F}") == "del^?")
        #expect(TerminalText.sanitize("csi\u{9B}31m") == "csi<U+009B>31m")
        #expect(TerminalText.sanitize("rtl\u{202E}gnp.exe") == "rtl<U+202E>gnp.exe")
        #expect(TerminalText.sanitize("osc\u{1B}]52;c;AAAA\u{07}") == "osc^[]52;c;AAAA^G")
    }

    /// The check of printable ASCII agrees with a byte-by-byte one, for every kind of byte at every
    /// place in texts of every length up to 40.
    @Test func printableASCIIIsDecidedAsByteByByte() {
        for length in 1...40 {
            for place in 0..<length {
                for byte in [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0xC3, 0xFF] as [UInt8] {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    bytes[place] = byte
                    let text = String(decoding: bytes, as: UTF8.self)
                    let expected = text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
                    #expect(TerminalText.isPrintableASCII(text) == expected, "\(length) \(place) \(byte)")
                }
            }
        }
        #expect(TerminalText.isPrintableASCII(""))
        #expect(DisplayText("plain text, 12345").isClean && DisplayText("tab\there").isClean && !DisplayText("esc\u{1B}[2J").isClean)
        #expect(DisplayText("한글").width == 4 && DisplayText("plain").width == 5)
    }

    @Test func ordinaryTextIsUntouched() {
        for text in ["plain", "tab\tand\nnewline", "café 한글 🌲 ●○ ♥ 1,204", "×…▸", ""] {
            #expect(TerminalText.sanitize(text) == text)
        }
    }

    @Test func widthsForLayout() {
        #expect(TerminalText.width("abc") == 3)
        #expect(TerminalText.width("한글") == 4)
        #expect(TerminalText.width("🌲") == 2)
        #expect(TerminalText.width("e\u{301}") == 1)
        #expect(TerminalText.pad("한", toWidth: 4) == "한  ")
        #expect(TerminalText.truncate("abcdefgh", toWidth: 5) == "abcd…")
        #expect(TerminalText.truncate("한글한글", toWidth: 5) == "한글…")
        #expect(TerminalText.truncate("short", toWidth: 5) == "short")
        // Never inside a character: no dangling zero-width joiner of an emoji sequence, no
        // combining mark left to sit on the ellipsis.
        let family = "👩\u{200D}👩\u{200D}👧"
        for columns in 1...9 {
            let cut = TerminalText.truncate("ab" + family + family + "cd", toWidth: columns)
            #expect(
                !cut.unicodeScalars.contains("\u{200D}\u{2026}".unicodeScalars.first!) || cut.contains(family),
                "\(columns): \(cut.debugDescription)")
            #expect(!cut.hasSuffix("\u{200D}…"), "\(columns): \(cut.debugDescription)")
            #expect(cut.dropLast().allSatisfy { $0 == "a" || $0 == "b" || $0 == Character(family) }, "\(columns): \(cut.debugDescription)")
        }
        #expect(TerminalText.truncate("cafe\u{301}st", toWidth: 5) == "cafe\u{301}…")
        #expect(TerminalText.truncate("cafe\u{301}st", toWidth: 4) == "caf…")
    }

    /// A text's width is the width of what is printed of it: a control in its notation (a name of
    /// bidi overrides was measured at one column each and printed at eight), and the emoji shown as
    /// pictures at two (🚀 and U+1FA70's block were counted one).
    @Test func widthsAreOfTheTextAsPrinted() {
        #expect(TerminalText.width("a\u{202E}b") == 10)
        #expect(TerminalText.width("\u{85}") == 8)
        #expect(TerminalText.width("\u{1B}[2J") == 5)
        #expect(TerminalText.width("\u{7F}") == 2)
        for emoji in ["🚀", "🪄", "🫠", "🟥", "⌚", "⭐", "🀄"] { #expect(TerminalText.width(emoji) == 2, "\(emoji)") }
        for narrow in ["♥", "…", "▸", "●", "é", "\u{A0}"] { #expect(TerminalText.width(narrow) == 1, "\(narrow)") }
        for text in Self.texts where !text.contains("\t") && !text.contains("\n") {
            #expect(TerminalText.width(text) == TerminalText.width(TerminalText.sanitize(text)), "\(text.debugDescription)")
            // Cut to a width, then printed: never wider.
            for columns in [1, 3, 6] {
                let cut = TerminalText.sanitize(TerminalText.truncate(text, toWidth: columns))
                #expect(
                    TerminalText.width(cut) <= max(columns, 1) || TerminalText.width(text) <= columns,
                    "\(text.debugDescription) \(columns): \(cut)")
            }
        }
    }

    @Test func singleLineCollapsesWhitespace() {
        #expect(TerminalText.singleLine("  a\n\nphotos> quit\t b ") == "a photos> quit b")
        #expect(TerminalText.singleLine(" \n ") == "")
        #expect(TerminalText.singleLine("Chloé Kim") == "Chloé Kim")
        #expect(TerminalText.singleLine("Chloé  Kim\u{00A0}x\u{3000}y\u{2028}z\u{85}w") == "Chloé Kim x y z w")
        #expect(TerminalText.singleLine("김서연 🌲") == "김서연 🌲")
        #expect(TerminalText.singleLine("end ") == "end")
    }

    /// Texts of every kind of byte and scalar the one-pass checks tell apart, placed at the start,
    /// the middle and the end of ASCII text: controls, DEL, C1, bidi overrides, line and other
    /// separators, wide, zero-width and four-byte scalars, spaces alone and doubled.
    static let pieces: [String] = [
        "", "a", " ", "  ", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{A0}", "é",
        "\u{301}", "\u{202A}", "\u{202E}", "\u{202F}", "\u{2028}", "\u{2066}", "\u{2069}", "\u{3000}",
        "♥", "…", "한", "🌲", "\u{1F3FB}", "\u{E0100}", "\u{FFFD}"
    ]
    static var texts: [String] {
        pieces.flatMap { (piece: String) -> [String] in
            [piece, piece + "abc", "abc" + piece, "ab" + piece + "cd", "a" + piece + piece + "b"]
        }
    }

    /// `measure` finds in one pass what `isSafe`, `isASCII` and `width` say one by one, scalar by
    /// scalar.
    @Test func measureAgreesWithTheChecksItJoins() {
        for text in Self.texts {
            let measured = TerminalText.measure(text)
            let width = text.unicodeScalars.reduce(0) { $0 + TerminalText.width(of: $1) }
            #expect(measured.isClean == (TerminalText.sanitize(text) == text), "\(text.debugDescription)")
            #expect(measured.isASCII == text.unicodeScalars.allSatisfy(\.isASCII), "\(text.debugDescription)")
            #expect(measured.width == width, "\(text.debugDescription)")
            let display = DisplayText(text)
            #expect(display.isClean == measured.isClean && display.width == width, "\(text.debugDescription)")
        }
    }

    /// Text already on one line comes back as it is, and only such text: the quick check of ASCII
    /// agrees with collapsing.
    @Test func singleLineLeavesOnlySingleLineTextAlone() {
        for text in Self.texts {
            let blanks = text.unicodeScalars.filter {
                $0.isASCII ? $0 == " " || (0x09...0x0D).contains($0.value) : $0.properties.isWhitespace
            }
            let alreadySingle = blanks.allSatisfy { $0 == " " } && !text.contains("  ") && !text.hasPrefix(" ") && !text.hasSuffix(" ")
            #expect((TerminalText.singleLine(text) == text) == alreadySingle, "\(text.debugDescription)")
        }
    }
}

@Suite struct JSONWriterTests {
    @Test func escapesStrings() {
        var writer = JSONWriter()
        writer.field("stack", .strings(["a", "b\"c"]))
        writer.field("n", .int(-3))
        writer.field("s", .string("tab\t\u{1B}é"))
        writer.field("none", .null)
        #expect(writer.finish() == #"{"stack":["a","b\"c"],"n":-3,"s":"tab\t\u001bé","none":null}"#)
    }

    @Test func writesFlagsAndListsOfObjects() {
        var writer = JSONWriter()
        writer.field("todos", .list([.object([StateField("title", .string("milk")), StateField("done", .bool(true))]), .int(2), .null]))
        writer.field("empty", .list([]))
        #expect(writer.finish() == #"{"todos":[{"title":"milk","done":true},2,null],"empty":[]}"#)
    }
}

/// The tokenizer reads unicode scalars, as a shell reads bytes: a quote or a blank followed
/// by a combining mark is still a quote or a blank (as characters, the two would make one, and a
/// header's quoted value would never close).
@Suite struct TokenizerScalarTests {
    @Test func aQuoteOrABlankBeforeACombiningMarkStillCounts() throws {
        #expect(try Tokenizer.words("say '\u{301}x' y") == ["say", "\u{301}x", "y"])
        #expect(try Tokenizer.words("say 'it'\\''s\u{301}' \u{301}z") == ["say", "it's\u{301}", "\u{301}z"])
        #expect(try Tokenizer.words("a \"b\u{308}\"") == ["a", "b\u{308}"])
        #expect(throws: Tokenizer.Failure.unterminatedQuote("'")) { try Tokenizer.words("say 'open\u{301}") }
    }
}
