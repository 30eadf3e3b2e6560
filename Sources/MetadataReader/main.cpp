// photorepl-metadata: reads photos' metadata with exiv2 for photorepl, in a process of its own.
//
// exiv2 is C++ and reads every maker's notes: a crash, a hang or a balloon in it on a hostile file
// must end only this process, never the session, and its libraries (libexiv2, libstdc++, expat)
// must cost the session's start-up nothing. So photorepl starts this reader on its first need, keeps
// it for the files that follow (a process per file would cost more than the reading), limits its
// memory, and kills it when a file takes too long.
//
// The conversation, on standard input and output, in binary:
//   asked:    one byte (`s`: the fields photorepl keeps; `a`: every tag), a 4-byte little-endian
//             length, the file's path (its bytes, as the file system has them)
//   answered: a 4-byte little-endian length, then lines `KEY<TAB>VALUE<TAB>PRINTED<LF>`, where VALUE
//             is the tag's value as stored and PRINTED as exiv2 words it; tab, newline, backslash and
//             other control bytes are written `\t`, `\n`, `\\`, `\xHH`. Lines whose key starts with
//             `!` are the reader's own: `!error` (the file could not be read), `!lens` (the lens
//             named from the maker notes, when EXIF's LensModel is not there), `!mime`, and
//             `!item:KEY` (an XMP bag's or sequence's items, one a line, in order, after its own line).
//   or asked: `x`, a 4-byte length, an XMP sidecar's bytes: answered as `s` is, of its XMP
//   or asked: `e`, a 4-byte length, then a 4-byte length and the edits (see `edit`), then an XMP
//             sidecar's bytes (none: a new sidecar)
//   answered: a 4-byte length, then `k` and the sidecar edited, or `x` and why it could not be.
//             The sidecar is edited in memory: photorepl writes the file (atomically, and only
//             where it may), never this process.
// End of input ends the reader.
#include <exiv2/exiv2.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {

// The most of a value passed on: a tag can hold megabytes (a maker's blob, a hostile XMP packet),
// and no one reads past a screenful.
const size_t longestValue = 2000;

bool readAll(int fd, void *into, size_t count) {
    auto *bytes = static_cast<unsigned char *>(into);
    while (count > 0) {
        ssize_t got = read(fd, bytes, count);
        if (got <= 0) return false;
        bytes += got;
        count -= static_cast<size_t>(got);
    }
    return true;
}

bool writeAll(int fd, const void *from, size_t count) {
    auto *bytes = static_cast<const unsigned char *>(from);
    while (count > 0) {
        ssize_t put = write(fd, bytes, count);
        if (put <= 0) return false;
        bytes += put;
        count -= static_cast<size_t>(put);
    }
    return true;
}

// `text` escaped for one field of a line, cut at `longestValue` bytes.
void appendEscaped(std::string &line, const std::string &text) {
    size_t kept = text.size() < longestValue ? text.size() : longestValue;
    for (size_t i = 0; i < kept; i++) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\t') {
            line += "\\t";
        } else if (c == '\n') {
            line += "\\n";
        } else if (c == '\\') {
            line += "\\\\";
        } else if (c < 0x20 || c == 0x7F) {
            char hex[5];
            snprintf(hex, sizeof hex, "\\x%02X", c);
            line += hex;
        } else {
            line += static_cast<char>(c);
        }
    }
    if (kept < text.size()) line += "\xE2\x80\xA6";  // …
}

void appendLine(std::string &answer, const std::string &key, const std::string &value, const std::string &printed) {
    appendEscaped(answer, key);
    answer += '\t';
    appendEscaped(answer, value);
    answer += '\t';
    appendEscaped(answer, printed);
    answer += '\n';
}

// The tags photorepl keeps in its index and shows in the detail; `a` asks for all of them.
bool isSummaryKey(const std::string &key) {
    static const char *const keys[] = {
        "Exif.Image.Make", "Exif.Image.Model", "Exif.Image.Orientation", "Exif.Image.ImageDescription",
        "Exif.Image.Artist", "Exif.Image.DateTime", "Exif.Photo.DateTimeOriginal", "Exif.Photo.DateTimeDigitized",
        "Exif.Photo.OffsetTimeOriginal", "Exif.Photo.OffsetTime", "Exif.Photo.LensModel", "Exif.Photo.FNumber",
        "Exif.Photo.ExposureTime", "Exif.Photo.ISOSpeedRatings", "Exif.Photo.PhotographicSensitivity",
        "Exif.Photo.FocalLength", "Exif.Photo.FocalLengthIn35mmFilm", "Exif.Photo.Flash", "Exif.GPSInfo.GPSLatitude",
        "Exif.GPSInfo.GPSLatitudeRef", "Exif.GPSInfo.GPSLongitude", "Exif.GPSInfo.GPSLongitudeRef",
        "Exif.GPSInfo.GPSAltitude", "Exif.GPSInfo.GPSAltitudeRef", "Xmp.xmp.Rating", "Xmp.xmp.Label", "Xmp.dc.subject",
        "Xmp.lr.hierarchicalSubject", "Xmp.dc.description", "Xmp.dc.creator", "Xmp.exif.DateTimeOriginal",
        "Xmp.photoshop.DateCreated", "Iptc.Application2.Keywords", "Iptc.Application2.Caption"};
    for (const char *wanted : keys) {
        if (key == wanted) return true;
    }
    return false;
}

// Every datum of one family (EXIF, IPTC or XMP) that is asked for, as lines.
template <typename Data> void appendFamily(std::string &answer, Data &data, bool all, const Exiv2::ExifData *exif) {
    for (auto datum = data.begin(); datum != data.end(); ++datum) {
        std::string key = datum->key();
        if (!all && !isSummaryKey(key)) continue;
        std::string printed;
        try {
            printed = datum->print(exif);
        } catch (...) {
            printed = datum->toString();
        }
        appendLine(answer, key, datum->toString(), printed);
        // An array's items one a line, as they are: its value joins them with ", ", which a
        // keyword may hold too ("sea, salt").
        if (datum->typeId() == Exiv2::xmpBag || datum->typeId() == Exiv2::xmpSeq) {
            const Exiv2::Value &items = datum->value();
            for (long i = 0; i < items.count(); i++) appendLine(answer, "!item:" + key, items.toString(i), "");
        }
    }
}

// The lens, from EXIF's LensModel or, without it, the maker notes as exiv2 names them.
void appendLens(std::string &answer, Exiv2::ExifData &exif) {
    if (exif.findKey(Exiv2::ExifKey("Exif.Photo.LensModel")) != exif.end()) return;
    try {
        auto lens = Exiv2::lensName(exif);
        if (lens == exif.end()) return;
        std::string name = lens->print(&exif);
        // A number exiv2 could not name says nothing to a person.
        if (!name.empty() && name.find_first_not_of("0123456789 ") != std::string::npos && name.rfind("(", 0) != 0) {
            appendLine(answer, "!lens", name, lens->key());
        }
    } catch (...) {
    }
}

std::string describe(const std::string &path, bool all) {
    std::string answer;
    try {
        auto image = Exiv2::ImageFactory::open(path);
        image->readMetadata();
        Exiv2::ExifData &exif = image->exifData();
        appendLine(answer, "!mime", image->mimeType(), "");
        appendFamily(answer, exif, all, &exif);
        appendFamily(answer, image->iptcData(), all, &exif);
        appendFamily(answer, image->xmpData(), all, &exif);
        appendLens(answer, exif);
    } catch (const std::exception &error) {
        answer.clear();
        appendLine(answer, "!error", error.what(), "");
    } catch (...) {
        answer.clear();
        appendLine(answer, "!error", "exiv2 could not read it", "");
    }
    return answer;
}

// The XMP sidecar `sidecar` (empty: a new one) with `edits` made, lines `=KEY<TAB>TEXT` (a text
// property set), `-KEY` (a property removed, with every item of an array) or `[KEY<TAB>WORD…` (a
// bag set to these words); every other property stays as exiv2 read it. `k` and the bytes, or `x`
// and why not.
//
// The packet is decoded and encoded by exiv2's XMP parser itself, not through an image: an XMP
// sidecar image copies its properties into Exif and IPTC and back as it writes (a keyword removed
// came back from IPTC's copy; a value other programs wrote was written again in exiv2's form), and
// it writes a sidecar it could not parse as if it were empty. Here a packet that does not parse is
// refused, and nothing is written.
std::string edit(const std::string &sidecar, const std::string &edits) {
    try {
        Exiv2::XmpData xmp;
        if (!sidecar.empty()) {
            if (Exiv2::XmpParser::decode(xmp, sidecar) != 0) return "xthe XMP in it does not parse, so it is left as it is";
            if (xmp.empty() && sidecar.find("rdf:RDF") == std::string::npos) return "xit holds no XMP packet, so it is left as it is";
        }
        size_t start = 0;
        while (start < edits.size()) {
            size_t end = edits.find('\n', start);
            if (end == std::string::npos) end = edits.size();
            std::string line = edits.substr(start, end - start);
            start = end + 1;
            if (line.size() < 2 || (line[0] != '=' && line[0] != '-' && line[0] != '[')) return "xan edit photorepl sent is not one";
            std::vector<std::string> fields;
            for (size_t from = 1;;) {
                size_t tab = line.find('\t', from);
                fields.push_back(line.substr(from, tab == std::string::npos ? std::string::npos : tab - from));
                if (tab == std::string::npos) break;
                from = tab + 1;
            }
            if ((line[0] == '=' && fields.size() != 2) || (line[0] == '-' && fields.size() != 1)) return "xan edit photorepl sent is not one";
            Exiv2::XmpKey key(fields[0]);
            for (auto found = xmp.findKey(key); found != xmp.end(); found = xmp.findKey(key)) xmp.erase(found);
            if (line[0] == '=') {
                xmp[fields[0]] = fields[1];
            } else if (line[0] == '[' && fields.size() > 1) {
                auto bag = Exiv2::Value::create(Exiv2::xmpBag);
                for (size_t i = 1; i < fields.size(); i++) bag->read(fields[i]);
                xmp.add(key, bag.get());
            }
        }
        std::string packet;
        if (!xmp.empty() && Exiv2::XmpParser::encode(packet, xmp, Exiv2::XmpParser::useCompactFormat) != 0) {
            return "xexiv2 could not write the XMP";
        }
        // Every property removed: a packet with none, still a sidecar every program reads.
        if (packet.empty()) {
            packet = "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
                     "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
                     "  <rdf:Description rdf:about=\"\"/>\n </rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>";
        }
        return "k" + packet;
    } catch (const std::exception &error) {
        return std::string("x") + error.what();
    } catch (...) {
        return "xexiv2 could not write it";
    }
}

// The XMP sidecar `sidecar`'s tags, as `describe` gives a file's (the fields photorepl keeps), read
// from its bytes: the file photorepl checked, never another one put at its path since.
std::string describeSidecar(const std::string &sidecar) {
    std::string answer;
    try {
        Exiv2::XmpData xmp;
        if (Exiv2::XmpParser::decode(xmp, sidecar) != 0) {
            appendLine(answer, "!error", "the XMP in it does not parse", "");
            return answer;
        }
        appendFamily(answer, xmp, false, nullptr);
    } catch (const std::exception &error) {
        answer.clear();
        appendLine(answer, "!error", error.what(), "");
    } catch (...) {
        answer.clear();
        appendLine(answer, "!error", "exiv2 could not read it", "");
    }
    return answer;
}

// exiv2 writes its warnings to standard error, which is the session's terminal: kept quiet.
void quiet(int, const char *) {}

// Every descriptor but the conversation's and standard error closed: photorepl's other files,
// pipes and sockets, which its other threads may have opened without close-on-exec as this process
// started, would otherwise stay open as long as this process lives (a pipe's reader waiting for an
// end that never comes).
void closeInherited() {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3U, ~0U, 0U) == 0) return;
#endif
    long most = sysconf(_SC_OPEN_MAX);
    if (most < 0 || most > 65536) most = 65536;
    for (int fd = 3; fd < most; fd++) close(fd);
}

}  // namespace

int main(int argc, char **argv) {
    closeInherited();
    // The most memory it may take, in MB (photorepl says: its share of the session's budget).
    if (argc > 1) {
        rlim_t bytes = static_cast<rlim_t>(strtoull(argv[1], nullptr, 10)) << 20;
        if (bytes > 0) {
            struct rlimit space = {bytes, bytes};
            setrlimit(RLIMIT_AS, &space);
        }
    }
    Exiv2::LogMsg::setHandler(quiet);
    Exiv2::enableBMFF(true);
    Exiv2::XmpParser::initialize();
    for (;;) {
        unsigned char head[5];
        if (!readAll(0, head, sizeof head)) break;
        uint32_t length = static_cast<uint32_t>(head[1]) | static_cast<uint32_t>(head[2]) << 8 |
                          static_cast<uint32_t>(head[3]) << 16 | static_cast<uint32_t>(head[4]) << 24;
        // A path is at most 64 KB; a sidecar edited, 16 MB (photorepl sends none larger).
        if (length == 0 || length > (head[0] == 'e' || head[0] == 'x' ? 16u << 20 : 65536u)) break;
        std::string asked(length, '\0');
        if (!readAll(0, &asked[0], length)) break;
        std::string answer;
        if (head[0] == 'e') {
            if (length < 4) break;
            size_t edits = static_cast<unsigned char>(asked[0]) | static_cast<unsigned char>(asked[1]) << 8 |
                           static_cast<unsigned char>(asked[2]) << 16 | static_cast<size_t>(static_cast<unsigned char>(asked[3])) << 24;
            if (edits > length - 4) break;
            answer = edit(asked.substr(4 + edits), asked.substr(4, edits));
        } else if (head[0] == 'x') {
            answer = describeSidecar(asked);
        } else {
            answer = describe(asked, head[0] == 'a');
        }
        // Its length and itself in one write: photorepl then wakes once for the answer, not twice
        // (a wake-up is a tenth of a rating's time).
        uint32_t size = static_cast<uint32_t>(answer.size());
        std::string framed = {static_cast<char>(size), static_cast<char>(size >> 8), static_cast<char>(size >> 16),
                              static_cast<char>(size >> 24)};
        framed += answer;
        if (!writeAll(1, framed.data(), framed.size())) break;
    }
    return 0;
}
