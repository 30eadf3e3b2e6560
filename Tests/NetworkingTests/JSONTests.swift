import Testing
@testable import Networking

/// The message `JSON.parse` throws for that text, or nil if it parses.
private func failure(_ text: String) -> String? {
    failure(Array(text.utf8))
}

private func failure(_ bytes: [UInt8]) -> String? {
    do {
        _ = try JSON.parse(bytes)
        return nil
    } catch {
        return error.message
    }
}

/// A string in quotes, as bytes, with raw bytes inside.
private func quoted(_ inside: [UInt8]) -> [UInt8] {
    [0x22] + inside + [0x22]
}

/// One element of a real `GET /photos/random?count=N` answer (docs/research §8), as the API sent it:
/// nulls, nested objects, Japanese and Korean text, `\r\n` in a bio, numbers past 16 bits.
private let unsplashPhoto = ##"""
    {
      "id": "ygn9SCQRATg",
      "slug": "high-angle-photography-of-wooden-boats-on-lake-near-cabin-ygn9SCQRATg",
      "alternative_slugs": {
        "en": "high-angle-photography-of-wooden-boats-on-lake-near-cabin-ygn9SCQRATg",
        "es": "fotografia-de-angulo-alto-de-barcos-de-madera-en-el-lago-cerca-de-la-cabana-ygn9SCQRATg",
        "ja": "キャビン近くの湖に浮かぶ木造ボートのハイアングル写真-ygn9SCQRATg",
        "fr": "photographie-en-grand-angle-de-bateaux-en-bois-sur-le-lac-pres-de-la-cabine-ygn9SCQRATg",
        "it": "fotografia-ad-alto-angolo-di-barche-di-legno-sul-lago-vicino-alla-cabina-ygn9SCQRATg",
        "ko": "오두막-근처-호수에-있는-나무-보트의-높은-각도-사진-ygn9SCQRATg",
        "de": "hochwinkelfotografie-von-holzbooten-auf-dem-see-in-der-nahe-der-kabine-ygn9SCQRATg",
        "pt": "fotografia-de-alto-angulo-de-barcos-de-madeira-no-lago-perto-da-cabine-ygn9SCQRATg"
      },
      "created_at": "2016-08-14T15:49:28Z",
      "updated_at": "2024-03-31T20:58:41Z",
      "promoted_at": "2016-08-14T15:49:28Z",
      "width": 7030,
      "height": 3904,
      "color": "#26260c",
      "blur_hash": "LG86vWPoVay=M1rEnhQ.v3t6TbnO",
      "description": "Mountain lake boathouse",
      "alt_description": "high angle photography of wooden boats on lake near cabin",
      "breadcrumbs": [],
      "urls": {
        "raw": "https://images.unsplash.com/photo-1471189641895-16c58a695bcb?ixid=M3w1ODY1NjJ8MHwxfHJhbmRvbXx8fHx8fHx8fDE3MTIyNTA1MjJ8&ixlib=rb-4.0.3",
        "full": "https://images.unsplash.com/photo-1471189641895-16c58a695bcb?crop=entropy&cs=srgb&fm=jpg&ixid=M3w1ODY1NjJ8MHwxfHJhbmRvbXx8fHx8fHx8fDE3MTIyNTA1MjJ8&ixlib=rb-4.0.3&q=85",
        "regular": "https://images.unsplash.com/photo-1471189641895-16c58a695bcb?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3w1ODY1NjJ8MHwxfHJhbmRvbXx8fHx8fHx8fDE3MTIyNTA1MjJ8&ixlib=rb-4.0.3&q=80&w=1080",
        "small": "https://images.unsplash.com/photo-1471189641895-16c58a695bcb?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3w1ODY1NjJ8MHwxfHJhbmRvbXx8fHx8fHx8fDE3MTIyNTA1MjJ8&ixlib=rb-4.0.3&q=80&w=400",
        "thumb": "https://images.unsplash.com/photo-1471189641895-16c58a695bcb?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3w1ODY1NjJ8MHwxfHJhbmRvbXx8fHx8fHx8fDE3MTIyNTA1MjJ8&ixlib=rb-4.0.3&q=80&w=200",
        "small_s3": "https://s3.us-west-2.amazonaws.com/images.unsplash.com/small/photo-1471189641895-16c58a695bcb"
      },
      "links": {
        "self": "https://api.unsplash.com/photos/high-angle-photography-of-wooden-boats-on-lake-near-cabin-ygn9SCQRATg",
        "html": "https://unsplash.com/photos/high-angle-photography-of-wooden-boats-on-lake-near-cabin-ygn9SCQRATg",
        "download": "https://unsplash.com/photos/ygn9SCQRATg/download?ixid=M3w1ODY1NjJ8MHwxfHJhbmRvbXx8fHx8fHx8fDE3MTIyNTA1MjJ8",
        "download_location": "https://api.unsplash.com/photos/ygn9SCQRATg/download?ixid=M3w1ODY1NjJ8MHwxfHJhbmRvbXx8fHx8fHx8fDE3MTIyNTA1MjJ8"
      },
      "likes": 1118,
      "liked_by_user": false,
      "current_user_collections": [],
      "sponsorship": null,
      "topic_submissions": {},
      "asset_type": "photo",
      "user": {
        "id": "7VotA9sc3vQ",
        "updated_at": "2024-04-04T11:11:15Z",
        "username": "aleskrivec",
        "name": "Ales Krivec",
        "first_name": "Ales",
        "last_name": "Krivec",
        "twitter_username": "Dreamy_Pixel",
        "portfolio_url": "http://dreamypixel.com",
        "bio": "Donations: http://paypal.me/dreamypixel\r\n Any amount much appreciated. :) Thank you.",
        "location": "Slovenia",
        "links": {
          "self": "https://api.unsplash.com/users/aleskrivec",
          "html": "https://unsplash.com/@aleskrivec",
          "photos": "https://api.unsplash.com/users/aleskrivec/photos",
          "likes": "https://api.unsplash.com/users/aleskrivec/likes",
          "portfolio": "https://api.unsplash.com/users/aleskrivec/portfolio",
          "following": "https://api.unsplash.com/users/aleskrivec/following",
          "followers": "https://api.unsplash.com/users/aleskrivec/followers"
        },
        "profile_image": {
          "small": "https://images.unsplash.com/profile-1443951664260-3bd2d54fd875?ixlib=rb-4.0.3&crop=faces&fit=crop&w=32&h=32",
          "medium": "https://images.unsplash.com/profile-1443951664260-3bd2d54fd875?ixlib=rb-4.0.3&crop=faces&fit=crop&w=64&h=64",
          "large": "https://images.unsplash.com/profile-1443951664260-3bd2d54fd875?ixlib=rb-4.0.3&crop=faces&fit=crop&w=128&h=128"
        },
        "instagram_username": "dreamypixels",
        "total_collections": 0,
        "total_likes": 5,
        "total_photos": 2274,
        "total_promoted_photos": 192,
        "accepted_tos": true,
        "for_hire": true,
        "social": {
          "instagram_username": "dreamypixels",
          "portfolio_url": "http://dreamypixel.com",
          "twitter_username": "Dreamy_Pixel",
          "paypal_email": null
        }
      },
      "exif": {
        "make": "NIKON CORPORATION",
        "model": "NIKON D800",
        "name": "NIKON CORPORATION, NIKON D800",
        "exposure_time": "1/200",
        "aperture": "9.0",
        "focal_length": "28.0",
        "iso": 100
      },
      "location": {
        "name": "Pragser Wildsee, Italy",
        "city": null,
        "country": "Italy",
        "position": {
          "latitude": 46.6946966,
          "longitude": 12.0854459
        }
      },
      "views": 9214598,
      "downloads": 30234
    }
    """##

@Suite struct JSONReadingTests {
    @Test func readsARealUnsplashPhoto() throws {
        let photo = try JSON.parse(unsplashPhoto)
        #expect(photo["id"]?.string == "ygn9SCQRATg")
        #expect(photo["width"]?.int == 7030)
        #expect(photo["height"]?.int == 3904)
        #expect(photo["views"]?.int == 9_214_598)
        #expect(photo["downloads"]?.double == 30234)
        #expect(photo["likes"]?.int == 1118)
        #expect(photo["liked_by_user"]?.bool == false)
        #expect(photo["color"]?.string == "#26260c")
        #expect(photo["blur_hash"]?.string == "LG86vWPoVay=M1rEnhQ.v3t6TbnO")
        #expect(photo["description"]?.string == "Mountain lake boathouse")
        #expect(photo["sponsorship"]?.isNull == true)
        #expect(photo["breadcrumbs"]?.array == [])
        #expect(photo["current_user_collections"]?.array?.isEmpty == true)
        #expect(photo["topic_submissions"] == .object([]))
        #expect(photo["alternative_slugs"]?["ja"]?.string == "キャビン近くの湖に浮かぶ木造ボートのハイアングル写真-ygn9SCQRATg")
        #expect(photo["alternative_slugs"]?["ko"]?.string == "오두막-근처-호수에-있는-나무-보트의-높은-각도-사진-ygn9SCQRATg")
        #expect(photo["alternative_slugs"]?.object?.map(\.0) == ["en", "es", "ja", "fr", "it", "ko", "de", "pt"])
        #expect(photo["urls"]?["small"]?.string?.hasSuffix("&w=400") == true)
        #expect(
            photo["links"]?["download_location"]?.string
                == "https://api.unsplash.com/photos/ygn9SCQRATg/download?ixid=M3w1ODY1NjJ8MHwxfHJhbmRvbXx8fHx8fHx8fDE3MTIyNTA1MjJ8")

        let user = try #require(photo["user"])
        #expect(user["username"]?.string == "aleskrivec")
        #expect(user["bio"]?.string == "Donations: http://paypal.me/dreamypixel\r\n Any amount much appreciated. :) Thank you.")
        #expect(user["total_photos"]?.int == 2274)
        #expect(user["for_hire"]?.bool == true)
        #expect(user["social"]?["paypal_email"]?.isNull == true)
        #expect(user["profile_image"]?["large"]?.string?.hasSuffix("w=128&h=128") == true)

        #expect(photo["exif"]?["model"]?.string == "NIKON D800")
        #expect(photo["exif"]?["aperture"]?.string == "9.0")  // a string in the API, not a number
        #expect(photo["exif"]?["iso"]?.int == 100)
        #expect(photo["location"]?["city"]?.isNull == true)
        #expect(photo["location"]?["position"]?["latitude"]?.double == 46.6946966)
        #expect(photo["location"]?["position"]?["longitude"] == .number("12.0854459"))
        #expect(photo["location"]?["position"]?["longitude"]?.int == nil)
    }

    @Test func accessorsAnswerNilOnAMismatch() throws {
        let photo = try JSON.parse(unsplashPhoto)
        #expect(photo["id"]?.int == nil)
        #expect(photo["id"]?.bool == nil)
        #expect(photo["width"]?.string == nil)
        #expect(photo["no such key"] == nil)
        #expect(photo["user"]?["name"]?["first"] == nil)
        #expect(photo["breadcrumbs"]?["x"] == nil)
        #expect(photo[0] == nil)
        #expect(photo.array == nil)
        #expect(photo.isNull == false)
        #expect(photo["sponsorship"]?.string == nil)
        #expect(JSONValue.array([.null, .bool(true)])[1] == .bool(true))
        #expect(JSONValue.array([.null])[1] == nil)
        #expect(JSONValue.array([.null])[-1] == nil)
        #expect(JSONValue.string("x").object == nil)
    }

    @Test func readsAnAnswerOfThirtyPhotos() throws {
        let answer = "[" + Array(repeating: unsplashPhoto, count: 30).joined(separator: ",") + "]"
        let photos = try #require(try JSON.parse(answer).array)
        #expect(photos.count == 30)
        #expect(photos.allSatisfy { $0["user"]?["location"]?.string == "Slovenia" })
    }

    @Test func writesTheRealPhotoBackAsTheAPISentIt() throws {
        // The fixture happens to be in our pretty format: member order, escapes and all survive.
        #expect(JSON.pretty(try JSON.parse(unsplashPhoto)) == unsplashPhoto)
    }

    @Test func integersAndDoubles() throws {
        #expect(try JSON.parse("-3").int == -3)
        #expect(try JSON.parse("-0").int == 0)
        #expect(try JSON.parse("9223372036854775807").int == Int.max)
        #expect(try JSON.parse("-9223372036854775808").int == Int.min)
        #expect(try JSON.parse("9223372036854775808").int == nil)  // past Int: nil, and the text stays exact
        #expect(try JSON.parse("123456789012345678901234567890") == .number("123456789012345678901234567890"))
        #expect(try JSON.parse("1.5").int == nil)
        #expect(try JSON.parse("1.0").int == nil)
        #expect(try JSON.parse("1e3").int == nil)  // exponents are not interpreted for `int`
        #expect(try JSON.parse("1e3").double == 1000)
        #expect(try JSON.parse("-1.5E-3").double == -0.0015)
        #expect(try JSON.parse("0.1").double == 0.1)
        #expect(try JSON.parse("1e400").double == nil)  // beyond Double
        #expect(try JSON.parse("1e-400").double == 0)
        #expect(JSONValue.number("nan").double == nil)
        #expect(JSONValue.number("+5").int == nil)
        #expect(JSONValue.string("5").int == nil)
    }

    @Test func stringsAndEscapes() throws {
        #expect(try JSON.parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(try JSON.parse(#""\u0041\u00e9\u00E9\u4e2d""#) == .string("Aéé中"))
        #expect(try JSON.parse(#""\ud83d\ude00 😀""#) == .string("😀 😀"))
        #expect(try JSON.parse(#""a\u0000b""#).string?.utf8.elementsEqual([0x61, 0, 0x62]) == true)
        #expect(try JSON.parse("\"\u{7F}\u{2028}\"") == .string("\u{7F}\u{2028}"))  // DEL and U+2028 raw are fine
        #expect(try JSON.parse(#""""#) == .string(""))
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() throws {
        #expect(try JSON.parse(#""\ud800""#) == .string("\u{FFFD}"))
        #expect(try JSON.parse(#""\udc00x""#) == .string("\u{FFFD}x"))
        #expect(try JSON.parse(#""\ud800\u0041""#) == .string("\u{FFFD}A"))
        #expect(try JSON.parse(#""\ud83d\ud83d\ude00""#) == .string("\u{FFFD}😀"))
        #expect(try JSON.parse(#""\ude00\ud83d""#) == .string("\u{FFFD}\u{FFFD}"))
        #expect(try JSON.parse(#""\ud800\n""#) == .string("\u{FFFD}\n"))
    }

    @Test func duplicateKeysAreKeptAndTheFirstWins() throws {
        let value = try JSON.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(value["a"]?.int == 1)
        #expect(value.object?.count == 3)
        #expect(JSON.compact(value) == #"{"a":1,"b":2,"a":3}"#)
    }

    @Test func whitespaceIsSpaceTabLFAndCR() throws {
        #expect(try JSON.parse(" \t\r\n[ 1 ,\t2\r\n] \n") == .array([.number("1"), .number("2")]))
        #expect(failure("\u{C}1") != nil)  // form feed
        #expect(failure("\u{A0}1") != nil)  // no-break space
        #expect(failure([0xEF, 0xBB, 0xBF, 0x31]) != nil)  // a byte order mark
    }

    @Test func equalityIsExact() {
        #expect(JSONValue.number("1.0") != .number("1"))
        #expect(JSONValue.object([("a", .null), ("b", .null)]) != .object([("b", .null), ("a", .null)]))
        #expect(JSONValue.object([("a", .array([.bool(true)]))]) == .object([("a", .array([.bool(true)]))]))
        #expect(JSONValue.string("\u{E9}") != .string("e\u{301}"))  // no Unicode normalisation
        #expect(JSONValue.null != .bool(false))
        #expect(JSONValue.array([]) != .object([]))
    }
}

@Suite struct JSONRefusalTests {
    /// Every prefix of a document that exercises each part of the grammar.
    @Test func everyTruncationThrows() throws {
        let document = Array(
            #"{"a": [1, -2.5e+3, 0, true, false, null], "s": "x\"\\\u00e9\ud83d\ude00é😀", "o": {}, "e": [], "k": {"n": 1E-2}}"#.utf8)
        #expect(try JSON.parse(document)["s"]?.string == "x\"\\é😀é😀")
        #expect(failure([]) == "the JSON is empty (line 1, column 1)")
        for length in 1..<document.count {
            let message = failure(Array(document[..<length]))
            #expect(message == "the JSON ends too early (line 1, column \(length + 1))", "after \(length) bytes")
        }
    }

    @Test func badLiterals() {
        for text in ["tru", "nul", "True", "NULL", "nulll", "fals e", "[truex]", "t", "nan", "undefined", "'a'"] {
            #expect(failure(text) != nil, "\(text)")
        }
        #expect(failure("[trUe]") == "unexpected 'U' at line 1, column 4 (expected 'true')")
    }

    @Test func badNumbers() throws {
        let bad = [
            "01", "-01", "00", "+1", ".5", "1.", "-", "--1", "- 1", "1e", "1e+", "1E-", "0x10", "1.e3", "1.5.2",
            "NaN", "Infinity", "-Infinity", "[01]", "[1.]", "1e5.0", "0.1e", "１"
        ]
        for text in bad {
            #expect(failure(text) != nil, "\(text)")
        }
        #expect(failure("[01]") == "invalid number: a leading zero at line 1, column 2")
        #expect(failure("[1.,2]") == "invalid number: expected a digit after '.' at line 1, column 4")
        #expect(failure("[-x]") == "invalid number: expected a digit after '-' at line 1, column 3")
        #expect(failure("[1e+]") == "invalid number: expected a digit in the exponent at line 1, column 5")
        #expect(failure("[+1]") == "unexpected '+' at line 1, column 2 (expected a value)")
        for text in ["0", "-0", "0.0", "1e5", "1E+5", "-1.5e-3", "10", "0e0", "123.456e-789"] {
            #expect(try JSON.parse(text) == .number(text))
        }
    }

    @Test func badEscapes() {
        for text in [#""\x""#, #""\u12""#, #""\u12G4""#, #""\U0041""#, #""\'""#, #""\ ""#, #""\a""#, #""\u""#, #""\ud800\u12""#] {
            #expect(failure(text) != nil, "\(text)")
        }
        #expect(failure(#""ab\x""#) == #"invalid escape '\x' in a string at line 1, column 4"#)
        #expect(failure(#""\u00G0""#) == #"invalid \u escape: 'G' is not a hex digit at line 1, column 6"#)
        #expect(failure(quoted([0x5C, 0x0A])) == #"invalid escape '\' then byte 0x0A in a string at line 1, column 2"#)
    }

    @Test func rawControlCharactersInStrings() {
        for byte in UInt8(0)..<0x20 {
            #expect(failure(quoted([0x61, byte])) != nil, "byte \(byte)")
        }
        #expect(failure("\"a\nb\"") == "unescaped control character 0x0A in a string at line 1, column 3")
        #expect(failure("\"a\tb\"") == "unescaped control character 0x09 in a string at line 1, column 3")
        #expect(failure(quoted([0x7F])) == nil)  // DEL is not a control character to JSON
    }

    @Test func invalidUTF8() {
        #expect(failure(quoted([0xFF])) == "invalid UTF-8 in a string (0xFF) at line 1, column 2")
        #expect(failure(quoted([0x61, 0xC0, 0xAF])) == "invalid UTF-8 in a string (0xC0) at line 1, column 3")  // overlong '/'
        #expect(failure(quoted([0xED, 0xA0, 0x80])) == "invalid UTF-8 in a string (0xED 0xA0) at line 1, column 2")  // a surrogate
        let others: [[UInt8]] = [
            [0x80], [0xBF], [0xC1, 0x81], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xE3, 0x81], [0xC3], [0xE3, 0x41, 0x81], [0xF0, 0x9F, 0x98]
        ]
        for bytes in others {
            #expect(failure(quoted(bytes))?.hasPrefix("invalid UTF-8 in a string") == true, "\(bytes)")
        }
        #expect(failure([0xFF]) == "unexpected byte 0xFF at line 1, column 1 (expected a value)")
        #expect(failure([0x5B, 0x22, 0xE3, 0x81]) == "the JSON ends too early (line 1, column 5)")
        // The largest of each length is fine.
        #expect(failure(quoted([0x7F, 0xDF, 0xBF, 0xEF, 0xBF, 0xBF, 0xF4, 0x8F, 0xBF, 0xBF])) == nil)
        #expect(failure(quoted([0xED, 0x9F, 0xBF, 0xEE, 0x80, 0x80])) == nil)  // U+D7FF and U+E000
    }

    @Test func trailingContent() throws {
        for text in ["{} x", "1 2", "[] ]", "nullx", "{}{}", "\"a\"\"b\"", "[1],", "0 0", "{}\u{0}"] {
            #expect(failure(text) != nil, "\(text)")
        }
        #expect(failure("{}\n  x") == "unexpected 'x' after the JSON value at line 2, column 3")
        #expect(try JSON.parse("  {}  \r\n") == .object([]))
    }

    @Test func structuralMistakes() {
        for text in ["[1,]", "{\"a\":1,}", "[,1]", "{,}", "{\"a\"}", "{\"a\" 1}", "{a:1}", "{1:1}", "[1 2]", "[", "{", "]", "}", ":", ","] {
            #expect(failure(text) != nil, "\(text)")
        }
        #expect(failure("[1,]") == "unexpected ']' at line 1, column 4 (expected a value)")
        #expect(failure("{\"a\":1,}") == "unexpected '}' at line 1, column 8 (expected a string key)")
        #expect(failure("{\"a\" 1}") == "unexpected '1' at line 1, column 6 (expected ':')")
        #expect(failure("[1 2]") == "unexpected '2' at line 1, column 4 (expected ',' or ']')")
        #expect(failure("{\"a\":1]") == "unexpected ']' at line 1, column 7 (expected ',' or '}')")
    }

    @Test func nestingIsBounded() throws {
        func arrays(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        func objects(_ depth: Int) -> String {
            String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        }
        #expect(failure(arrays(64)) == nil)
        #expect(failure(arrays(65)) == "nested deeper than 64 at line 1, column 65")
        #expect(failure(objects(64)) == nil)
        #expect(failure(objects(65))?.hasPrefix("nested deeper than 64 at line 1, column ") == true)
        #expect(failure("[{\"a\":" + arrays(63) + "}]")?.hasPrefix("nested deeper than 64") == true)
        #expect(throws: JSONError.self) { try JSON.parse("[[1]]", maxDepth: 1) }
        #expect(try JSON.parse("[1]", maxDepth: 1) == .array([.number("1")]))
        #expect(try JSON.parse("1", maxDepth: 0) == .number("1"))
        #expect(throws: JSONError.self) { try JSON.parse("[]", maxDepth: 0) }
        // Hostile depth: refused at the limit, without using the call stack.
        #expect(failure(String(repeating: "[", count: 1_000_000))?.hasPrefix("nested deeper than 64") == true)
        #expect(failure(String(repeating: "[", count: 100_000)) != nil)
        let deep = try JSON.parse(arrays(1000), maxDepth: 1000)
        #expect(JSON.compact(deep) == arrays(1000))
    }

    @Test func errorsSayWhere() {
        let text = "{\n  \"a\": 1,\n  \"b\": }"
        #expect(failure(text) == "unexpected '}' at line 3, column 8 (expected a value)")
        #expect(failure("[1,\n2") == "the JSON ends too early (line 2, column 2)")
        #expect(failure("[\r\n\r\n  x]") == "unexpected 'x' at line 3, column 3 (expected a value)")  // CRLF is one line break
        #expect(failure("[\"é\", x]") == "unexpected 'x' at line 1, column 8 (expected a value)")  // columns count bytes
        #expect(failure("\n\n") == "the JSON is empty (line 3, column 1)")
        let error = JSONError("x")
        #expect(error.description == "x")
    }
}

@Suite struct JSONWritingTests {
    let sample = JSONValue.object([
        ("id", .string("a\"b\\c")),
        ("n", .number("-1.5e3")),
        ("ok", .bool(true)),
        ("none", .null),
        ("list", .array([.number("1"), .array([]), .object([]), .array([.string("x"), .number("2"), .null])])),
        ("nested", .object([("k", .string("tab\there")), ("日本", .string("é😀"))]))
    ])

    @Test func prettyIsExact() {
        let expected = #"""
            {
              "id": "a\"b\\c",
              "n": -1.5e3,
              "ok": true,
              "none": null,
              "list": [
                1,
                [],
                {},
                ["x", 2, null]
              ],
              "nested": {
                "k": "tab\there",
                "日本": "é😀"
              }
            }
            """#
        #expect(JSON.pretty(sample) == expected)
    }

    @Test func compactIsExact() {
        #expect(
            JSON.compact(sample)
                == #"{"id":"a\"b\\c","n":-1.5e3,"ok":true,"none":null,"list":[1,[],{},["x",2,null]],"nested":{"k":"tab\there","日本":"é😀"}}"#)
    }

    @Test func scalarsAndEmptyContainers() {
        #expect(JSON.pretty(.null) == "null")
        #expect(JSON.pretty(.bool(false)) == "false")
        #expect(JSON.pretty(.number("0")) == "0")
        #expect(JSON.pretty(.string("")) == #""""#)
        #expect(JSON.pretty(.array([])) == "[]")
        #expect(JSON.pretty(.object([])) == "{}")
        #expect(JSON.compact(.array([.null, .null])) == "[null,null]")
        #expect(JSON.pretty(.array([.null])) == "[null]")  // a short list of scalars stays on one line
        #expect(JSON.pretty(.array([.array([])])) == "[\n  []\n]")
        #expect(JSON.compact(.number("1.")) == "null")  // not a JSON number: never written as one
    }

    @Test func escaping() {
        let controls = String(decoding: (UInt8(0)..<0x20).map { $0 }, as: UTF8.self)
        let expected =
            #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
            + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f""#
        #expect(JSON.compact(.string(controls)) == expected)
        #expect(JSON.compact(.string("/\u{7F}\u{2028}\u{2029}é")) == "\"/\u{7F}\u{2028}\u{2029}é\"")
    }

    @Test(arguments: [
        JSONValue.null,
        .bool(true),
        .number("-0.000123e+45"),
        .string(""),
        .string("quotes \" and backslashes \\ and \\\" both"),
        .string("controls \u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F}\u{7F} end"),
        .string("NUL \u{0} in the middle, emoji 😀🇸🇮👩‍👩‍👧, 日本語, 한국어, \u{2028}\u{2029}, \u{FFFD}"),
        .array([]),
        .object([]),
        .array([.array([.array([])]), .object([("", .null)]), .string("x")]),
        .object([("a", .number("1")), ("a", .number("2")), ("k\"\\\n", .string("v\u{0}"))])
    ])
    func roundTrips(value: JSONValue) throws {
        #expect(try JSON.parse(JSON.pretty(value)) == value)
        #expect(try JSON.parse(JSON.compact(value)) == value)
    }

    @Test func roundTripsTheRealPhoto() throws {
        let photo = try JSON.parse(unsplashPhoto)
        #expect(try JSON.parse(JSON.compact(photo)) == photo)
        #expect(try JSON.parse(JSON.pretty(photo)) == photo)
        #expect(JSON.compact(try JSON.parse(JSON.pretty(photo))) == JSON.compact(photo))
    }

    /// 16 MB of `[0,0,…]` took 435 MB to read (24 bytes and more a value, for two bytes of
    /// text). A parse is held to `JSON.defaultMaxValues` values, however few bytes they take; a
    /// page of 30 real photos is far below it.
    @Test func aParseIsHeldToItsBudgetOfValues() throws {
        let many = Array("[".utf8) + Array(repeating: Array("0,".utf8), count: 299_999).joined() + Array("0]".utf8)
        #expect(throws: JSONError.self) { try JSON.parse(many) }
        do {
            _ = try JSON.parse(many)
        } catch {
            #expect(error.message == "more than 250000 values, at line 1, column 500000", "\(error.message)")
        }
        // Members and nested containers count alike; exactly the budget is read.
        let members = "{" + (0..<300_000).map { "\"\($0)\":[]" }.joined(separator: ",") + "}"
        #expect(throws: JSONError.self) { try JSON.parse(members) }
        let budget = Array("[".utf8) + Array(repeating: Array("0,".utf8), count: 249_998).joined() + Array("0]".utf8)
        #expect(try JSON.parse(budget).array?.count == 249_999)
        let page = try JSON.parse("[" + Array(repeating: unsplashPhoto, count: 30).joined(separator: ",") + "]")
        #expect(page.array?.count == 30)
    }
}
