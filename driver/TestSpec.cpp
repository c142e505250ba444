#include "driver/TestSpec.h"

#include "core/Text.h"

#include <algorithm>
#include <charconv>
#include <map>

namespace loom {

bool TestCase::has_tag(const std::string &t) const {
    return std::find(tags.begin(), tags.end(), t) != tags.end();
}

bool TestCase::tagged(const std::string &t) const {
    return has_tag(t) || std::find(program_tags.begin(), program_tags.end(), t) != program_tags.end();
}

namespace {

std::vector<std::string> split_words(const std::string &s) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (!cur.empty()) out.push_back(cur), cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

/** Reads the case section of one block: the comment text after `==`, with the
 * source position of each of its lines. */
class SpecParser {
public:
    SpecParser(SourceFilePtr file, std::string text, std::vector<std::pair<int, int>> line_pos)
        : file_(std::move(file)), s_(std::move(text)), line_pos_(std::move(line_pos)) {}

    void parse(TestBlock &block) {
        std::vector<std::string> entries{"main"};
        std::string pending_name;
        std::vector<std::string> pending_tags;
        std::optional<SrcLoc> pending_at; // where the name or tags waiting for an `input` start
        TestCase *current = nullptr;  // the case whose expectation may follow
        for (;;) {
            skip_ws();
            if (pos_ >= s_.size()) break;
            SrcLoc loc = loc_at(pos_);
            if (s_[pos_] == '"') {
                size_t e = s_.find('"', pos_ + 1);
                if (e == std::string::npos) fail(loc, "unterminated test case name");
                pending_name = s_.substr(pos_ + 1, e - pos_ - 1);
                if (!pending_at) pending_at = loc;
                pos_ = e + 1;
                continue;
            }
            std::string w = read_word();
            if (w.empty()) fail(loc, std::string("unexpected `") + s_[pos_] + "` in test block");
            bool key = pos_ < s_.size() && s_[pos_] == ':';
            if (key) ++pos_;
            if (key && w == "entry") {
                entries = split_words(rest_of_line());
                if (entries.empty()) fail(loc, "`entry:` needs at least one name");
            } else if (key && w == "error") {
                std::string re = trim(rest_of_line());
                if (current && current->expect == TestCase::Expect::Success) {
                    current->expect = TestCase::Expect::RuntimeError;
                    current->error_regex = re;
                } else {
                    block.compile_error = re;
                }
                current = nullptr;
            } else if (key && w == "property") {
                for (auto &p : split_words(rest_of_line())) block.properties.push_back(p);
            } else if (key) {
                fail(loc, "unknown test directive `" + w + ":`");
            } else if (w == "tags") {
                size_t at;
                std::string body = braced(at);
                for (auto &t : split_words(body)) block.tags.push_back(t);
            } else if (w == "input") {
                block.cases.emplace_back();
                TestCase &c = block.cases.back();
                c.name = pending_name;
                c.tags = pending_tags;
                c.entries = entries;
                c.loc = loc;
                pending_name.clear();
                pending_tags.clear();
                pending_at.reset();
                if (c.has_tag("random")) c.input_kind = TestCase::InputKind::Random;
                if (c.has_tag("script")) c.input_kind = TestCase::InputKind::Script;
                skip_ws();
                if (pos_ < s_.size() && s_[pos_] == '@') {
                    ++pos_;
                    skip_ws();
                    c.input_loc = loc_at(pos_);
                    c.input = read_nonspace();
                    if (c.input.empty()) fail(c.input_loc, "expected a file name after `input @`");
                    if (c.input_kind == TestCase::InputKind::Values)
                        c.input_kind = TestCase::InputKind::File;
                } else {
                    size_t at;
                    c.input = braced(at);
                    c.input_loc = loc_at(at);
                }
                current = &c;
            } else if (w == "output" || w == "auto") {
                if (w == "auto") {
                    skip_ws();
                    if (read_word() != "output") fail(loc, "expected `output` after `auto`");
                }
                if (!current || current->expect != TestCase::Expect::Success)
                    fail(loc, "`output` must follow an `input`");
                if (w == "auto") {
                    current->expect = TestCase::Expect::AutoOutput;
                } else {
                    skip_ws();
                    if (pos_ < s_.size() && s_[pos_] == '@') {  // `output @ file`, as in Futhark's benchmarks
                        ++pos_;
                        skip_ws();
                        current->output_loc = loc_at(pos_);
                        current->output = read_nonspace();
                        current->output_file = true;
                        if (current->output.empty()) fail(current->output_loc, "expected a file name after `output @`");
                    } else {
                        size_t at;
                        current->output = braced(at);
                        current->output_loc = loc_at(at);
                    }
                    current->expect = TestCase::Expect::Output;
                }
                current = nullptr;
            } else if (w == "structure") {
                StructureSpec spec;
                spec.loc = loc;
                skip_ws();
                if (pos_ < s_.size() && s_[pos_] != '{') spec.backend = read_word();
                size_t at;
                std::vector<std::string> words = split_words(braced(at));
                for (size_t i = 0; i < words.size(); i += 2) {
                    int n = -1;
                    if (i + 1 < words.size()) {
                        const std::string &c = words[i + 1];
                        auto r = std::from_chars(c.data(), c.data() + c.size(), n);
                        if (r.ec != std::errc() || r.ptr != c.data() + c.size()) n = -1;
                    }
                    if (n < 0)
                        fail(loc_at(at), "`structure` takes pairs of a construct and its count "
                                         "(`Screma 1`), not `" + words[i] +
                                         (i + 1 < words.size() ? " " + words[i + 1] : "") + "`");
                    spec.counts.emplace_back(words[i], n);
                }
                block.structures.push_back(std::move(spec));
            } else {
                pending_tags.push_back(w);  // compiled, nobench, random, script, ...
                if (!pending_at) pending_at = loc;
            }
        }
        // Futhark rejects words that no `input` follows (a typo, a tag after its case).
        if (pending_at) {
            std::string words = pending_name.empty() ? "" : "\"" + pending_name + "\"";
            for (const std::string &t : pending_tags) words += (words.empty() ? "" : " ") + t;
            fail(*pending_at, "`" + words + "` in test block: a case's name and tags come before its `input`");
        }
    }

private:
    SourceFilePtr file_;
    std::string s_;
    std::vector<std::pair<int, int>> line_pos_;  // per spec line: source line, column offset
    size_t pos_ = 0;

    [[noreturn]] void fail(const SrcLoc &loc, const std::string &msg) { throw CompileError(loc, msg); }

    SrcLoc loc_at(size_t p) const {
        size_t line = 0, col = 0;
        for (size_t i = 0; i < p && i < s_.size(); ++i) {
            if (s_[i] == '\n') ++line, col = 0;
            else ++col;
        }
        SrcLoc l;
        l.file = file_;
        if (line < line_pos_.size()) {
            l.line = line_pos_[line].first;
            l.col = line_pos_[line].second + (int)col + 1;
        }
        return l;
    }

    void skip_ws() {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' ||
                                    s_[pos_] == '\r'))
            ++pos_;
    }

    std::string read_word() {
        size_t b = pos_;
        while (pos_ < s_.size()) {
            char c = s_[pos_];
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '_' || c == '-')
                ++pos_;
            else
                break;
        }
        return s_.substr(b, pos_ - b);
    }

    std::string read_nonspace() {
        size_t b = pos_;
        while (pos_ < s_.size() && s_[pos_] != ' ' && s_[pos_] != '\t' && s_[pos_] != '\n') ++pos_;
        return s_.substr(b, pos_ - b);
    }

    std::string rest_of_line() {
        size_t e = s_.find('\n', pos_);
        if (e == std::string::npos) e = s_.size();
        std::string r = s_.substr(pos_, e - pos_);
        pos_ = e;
        return r;
    }

    /** `{ ... }` with nesting; returns the inside and sets `at` to its start. */
    std::string braced(size_t &at) {
        skip_ws();
        if (pos_ >= s_.size() || s_[pos_] != '{') fail(loc_at(pos_), "expected `{` in test block");
        size_t b = ++pos_;
        at = b;
        int depth = 1;
        for (; pos_ < s_.size(); ++pos_) {
            if (s_[pos_] == '{') ++depth;
            else if (s_[pos_] == '}' && --depth == 0) break;
        }
        if (depth != 0) fail(loc_at(b - 1), "unclosed `{` in test block");
        std::string inside = s_.substr(b, pos_ - b);
        ++pos_;
        return inside;
    }
};

}  // namespace

std::vector<TestBlock> parse_test_blocks(const SourceFilePtr &file) {
    std::vector<std::string> lines;
    {
        const std::string &t = file->text;
        size_t b = 0;
        while (b <= t.size()) {
            size_t e = t.find('\n', b);
            if (e == std::string::npos) {
                if (b < t.size()) lines.push_back(t.substr(b));
                break;
            }
            lines.push_back(t.substr(b, e - b));
            b = e + 1;
        }
    }
    std::vector<TestBlock> blocks;
    size_t i = 0;
    while (i < lines.size()) {
        if (lines[i].rfind("--", 0) != 0) {
            ++i;
            continue;
        }
        size_t start = i;
        while (i < lines.size() && lines[i].rfind("--", 0) == 0) ++i;
        // A comment run is a test block when one of its lines is just `==`.
        size_t sep = start;
        while (sep < i && trim(lines[sep].substr(2)) != "==") ++sep;
        if (sep == i) continue;
        TestBlock block;
        block.loc = SrcLoc{file, (int)start + 1, 1, 0};
        for (size_t k = start; k < sep; ++k) {
            if (!block.description.empty()) block.description += '\n';
            block.description += trim(lines[k].substr(2));
        }
        std::string text;
        std::vector<std::pair<int, int>> pos;
        for (size_t k = sep + 1; k < i; ++k) {
            text += lines[k].substr(2) + '\n';
            pos.emplace_back((int)k + 1, 2);
        }
        SpecParser(file, std::move(text), std::move(pos)).parse(block);
        blocks.push_back(std::move(block));
    }
    // The program's tags (`tags { .. }`) hold for each of its cases (notest, no_cpu, ...),
    // and an entry point's case names are unique (they name its datasets in loom bench's
    // reports; futhark-test.rst asks the same of the whole file).
    std::vector<std::string> program_tags;
    for (const TestBlock &b : blocks) program_tags.insert(program_tags.end(), b.tags.begin(), b.tags.end());
    std::map<std::pair<std::string, std::string>, SrcLoc> named;
    for (TestBlock &b : blocks)
        for (TestCase &c : b.cases) {
            c.program_tags = program_tags;
            if (c.name.empty()) continue;
            for (const std::string &e : c.entries) {
                auto [it, fresh] = named.emplace(std::make_pair(e, c.name), c.loc);
                if (!fresh)
                    throw CompileError(c.loc, "test case name \"" + c.name + "\" is used twice for `" + e +
                                                  "` (first at line " + std::to_string(it->second.line) +
                                                  "): names must be unique");
            }
        }
    return blocks;
}

}  // namespace loom
