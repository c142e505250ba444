#include "core/Gzip.h"

#include <zlib.h>

#include <algorithm>

namespace loom {

// Note [Gzip members]
// A gzip file is one or more members, each a header, deflated data and a trailer; `gzip
// -d` writes their contents one after another (`cat a.gz b.gz > c.gz` reads as the
// concatenation; pigz and bgzip write many), and so do Futhark's readers.  zlib's inflate
// stops at the end of a member (Z_STREAM_END), so each next member starts it again from
// where the last ended.  After the last member, zero bytes are padding that gzip ignores
// silently; anything else is an error here (gzip warns of "trailing garbage"), as is a
// file that ends inside a member (gzip's "unexpected end of file") or is empty.

std::optional<std::string> gunzip(const std::string &gz, const std::string &path, std::string &out) {
    auto failure = [&](const std::string &why) {
        return "cannot decompress `" + path + "`: " + why;
    };
    if (gz.empty()) return failure("the file is empty (a gzip file has at least one member)");
    z_stream z{};
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return failure("zlib could not start");
    out.clear();
    size_t at = 0;     // the first byte not yet given to inflate
    size_t start = 0;  // the first byte of this member
    int member = 1;
    auto feed = [&] {  // at most 1 GiB at a time: avail_in is 32 bits
        size_t n = std::min<size_t>(gz.size() - at, size_t(1) << 30);
        z.next_in = (Bytef *)gz.data() + at;
        z.avail_in = (uInt)n;
        at += n;
    };
    feed();
    for (;;) {
        char buf[1 << 16];
        z.next_out = (Bytef *)buf;
        z.avail_out = sizeof buf;
        int rc = inflate(&z, Z_NO_FLUSH);
        out.append(buf, sizeof buf - z.avail_out);
        if (rc == Z_OK || (rc == Z_BUF_ERROR && z.avail_in == 0 && at < gz.size())) {
            if (z.avail_in == 0 && at < gz.size()) feed();
            continue;
        }
        if (rc == Z_STREAM_END) {
            size_t next = at - z.avail_in;  // the byte after this member
            // gzip ignores zero bytes after the last member (a tape's or a block's padding).
            size_t k = next;
            while (k < gz.size() && gz[k] == 0) k++;
            if (k == gz.size()) break;
            // Another member starts with gzip's magic bytes (a lone first one: a truncated one).
            bool magic = (unsigned char)gz[next] == 0x1f &&
                         (gz.size() - next == 1 || (unsigned char)gz[next + 1] == 0x8b);
            if (!magic) {
                inflateEnd(&z);
                return failure("trailing garbage after gzip member " + std::to_string(member) + " (at byte " +
                              std::to_string(next) + " of " + std::to_string(gz.size()) + ")");
            }
            inflateReset(&z);
            ++member;
            at = start = next;
            feed();
            continue;
        }
        // Z_BUF_ERROR with every byte read (the member stops short), Z_DATA_ERROR (a bad
        // header, block or checksum), Z_MEM_ERROR, Z_NEED_DICT.
        std::string nth =
            "gzip member " + std::to_string(member) + " (from byte " + std::to_string(start) + ")";
        std::string why;
        if (rc == Z_BUF_ERROR && z.avail_in == 0) why = "the file ends inside " + nth + ": it is truncated";
        else if (rc == Z_MEM_ERROR) why = "out of memory";
        else why = nth + " is not valid gzip data" + (z.msg ? std::string(" (") + z.msg + ")" : std::string());
        inflateEnd(&z);
        return failure(why);
    }
    inflateEnd(&z);
    return std::nullopt;
}

}  // namespace loom
