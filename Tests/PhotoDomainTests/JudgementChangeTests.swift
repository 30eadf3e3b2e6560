import Testing
@testable import PhotoDomain

/// What each judgement writes into a sidecar, as XMP edits, and the keywords it refuses.
@Suite struct JudgementChangeTests {
    @Test func ratingsLabelsAndRejectsAreOneProperty() {
        let none = Judgement()
        #expect(JudgementChange.rate(4).edits(from: none).edits == [.text(key: "Xmp.xmp.Rating", value: "4")])
        #expect(JudgementChange.reject.edits(from: none).edits == [.text(key: "Xmp.xmp.Rating", value: "-1")])
        #expect(JudgementChange.label(.purple).edits(from: none).edits == [.text(key: "Xmp.xmp.Label", value: "Purple")])
        var labelled = Judgement()
        labelled.label = "RED"
        labelled.rating = 4
        #expect(JudgementChange.label(nil).edits(from: labelled).edits == [.remove(key: "Xmp.xmp.Label")])
        // What the sidecar says already (a label in any case, the same rating) is not written again.
        #expect(JudgementChange.label(nil).edits(from: none).edits.isEmpty)
        #expect(JudgementChange.label(.red).edits(from: labelled).edits.isEmpty)
        #expect(JudgementChange.rate(4).edits(from: labelled).edits.isEmpty)
        #expect(JudgementChange.reject.edits(from: labelled).edits == [.text(key: "Xmp.xmp.Rating", value: "-1")])
        #expect(ColourLabel(word: "RED") == .red && ColourLabel(word: "Select") == nil)
    }

    /// `a|b|c` goes into lr:hierarchicalSubject, its parts into dc:subject; taking it out keeps a
    /// part another hierarchy still holds; nothing written when nothing changes.
    @Test func hierarchiesKeepTheirParts() {
        var current = Judgement()
        current.keywords = ["sea"]
        let (edits, after) = JudgementChange.addKeywords(["places|Crimea|Sudak", "places|Crimea|Yalta", "sea"]).edits(from: current)
        #expect(after.keywords == ["sea", "places", "Crimea", "Sudak", "Yalta"])
        #expect(after.hierarchy == ["places|Crimea|Sudak", "places|Crimea|Yalta"])
        #expect(
            edits == [
                .bag(key: "Xmp.dc.subject", words: ["sea", "places", "Crimea", "Sudak", "Yalta"]),
                .bag(key: "Xmp.lr.hierarchicalSubject", words: ["places|Crimea|Sudak", "places|Crimea|Yalta"])
            ])
        let (_, removed) = JudgementChange.removeKeywords(["places|Crimea|Sudak"]).edits(from: after)
        #expect(removed.keywords == ["sea", "places", "Crimea", "Yalta"] && removed.hierarchy == ["places|Crimea|Yalta"])
        #expect(JudgementChange.addKeywords(["sea"]).edits(from: current).edits.isEmpty)
        #expect(XMPEdit.bag(key: "Xmp.dc.subject", words: []).line == "-Xmp.dc.subject")
    }

    @Test func keywordsThatCannotBeWritten() {
        #expect(JudgementChange.keywordProblem("beach") == nil && JudgementChange.keywordProblem("a|b") == nil)
        #expect(JudgementChange.keywordProblem("")?.contains("cannot be empty") == true)
        #expect(JudgementChange.keywordProblem("a\tb")?.contains("control characters") == true)
        #expect(JudgementChange.keywordProblem("a\nb")?.contains("control characters") == true)
        #expect(JudgementChange.keywordProblem("a||b")?.contains("empty part") == true)
        #expect(JudgementChange.keywordProblem("|a")?.contains("empty part") == true)
    }

    /// An XMP DOCTYPE, in any case and as UTF-16, is found before exiv2 sees the file.
    @Test func aDoctypeIsFoundInAnyForm() {
        #expect(XMPSidecar.declaresDoctype(Array("<?xml?><!doctype x [<!ENTITY a 'b'>]>".utf8)))
        #expect(XMPSidecar.declaresDoctype(Array("<!DOCTYPE x>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        #expect(XMPSidecar.declaresDoctype(Array("<!ENTITY x 'y'>".utf8)))
        #expect(XMPSidecar.declaresDoctype(Array("<!DocType x>".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
        #expect(XMPSidecar.declaresDoctype(Array("<<<!DOCTYPE".utf8)))
        #expect(!XMPSidecar.declaresDoctype(Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)))
        #expect(!XMPSidecar.declaresDoctype(Array("<!DOCTYP".utf8)))
        #expect(!XMPSidecar.declaresDoctype(Array("<! DOCTYPE".utf8) + [0, 0, UInt8(ascii: "<")]))
        #expect(!XMPSidecar.declaresDoctype([]))
    }
}
