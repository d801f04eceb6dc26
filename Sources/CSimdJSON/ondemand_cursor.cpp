// The simdjson On-Demand engine: a pull parser over its iterators, kept as the reference the
// scanner is tested against.
#include "cursor.h"
#include <simdjson.h>

#include <charconv>
#include <cstdio>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace od = simdjson::ondemand;
using csj::first_invalid_utf8;
using csj::unclosed_string_start;
using csj::first_unescaped_control;
using csj::after_root;
using csj::kMaxDepth;

namespace {

struct Frame {
    bool is_object = false;
    bool needs_advance = false;
    od::array_iterator array_it;
    od::object_iterator object_it;
    csj::KeySet keys;

    void reset(bool object) {
        is_object = object;
        needs_advance = false;
        keys.clear();
    }

};

/// The length of the string whose content starts at `start`, if it has no escapes; -1 otherwise.
///
/// Strings without a backslash are handed out straight from the input, with no copy.
inline long plain_string_length(const char *start) {
    const char *p = start;
    while (true) {
        char c = *p;
        if (c == '"') { return p - start; }
        if (c == '\\') { return -1; }
        ++p;
    }
}

} // namespace

struct OnDemandCursor final : csj_cursor {
    od::parser parser;
    od::document document;
    std::vector<Frame> frames;
    size_t depth = 0;
    bool started = false;
    bool finished = false;
    bool has_pending = false;
    od::value pending;

    OnDemandCursor(const uint8_t *bytes, size_t length) : csj_cursor(bytes, length) {}

    uint64_t offset_of(const char *pointer) const {
        auto p = reinterpret_cast<const uint8_t *>(pointer);
        if (p < bytes || p > bytes + length) { return length; }
        return static_cast<uint64_t>(p - bytes);
    }

    /// Where the document iterator stopped; the end of the input if unknown.
    uint64_t current_offset() {
        const char *where = nullptr;
        if (document.current_location().get(where) != simdjson::SUCCESS) { return length; }
        return offset_of(where);
    }

    int32_t fail_simdjson(simdjson::error_code code, uint64_t offset, csj_token *token) {
        switch (code) {
        case simdjson::UTF8_ERROR:
            return fail(CSJ_ERROR_UTF8, "invalid UTF-8", first_invalid_utf8(bytes, length), token);
        case simdjson::UNCLOSED_STRING:
            return fail(CSJ_ERROR_UNCLOSED_STRING, "unterminated string",
                        unclosed_string_start(bytes, length), token);
        case simdjson::EMPTY:
            return fail(CSJ_ERROR_EMPTY, "no JSON value (the input is empty or only whitespace)", 0, token);
        case simdjson::CAPACITY:
        case simdjson::MEMALLOC:
            return fail(CSJ_ERROR_CAPACITY, "the document is too large to parse", 0, token);
        case simdjson::DEPTH_ERROR:
            return fail(CSJ_ERROR_DEPTH, "nesting is too deep", offset, token);
        case simdjson::NUMBER_ERROR:
        case simdjson::NUMBER_OUT_OF_RANGE:
            if (is_not_a_number(offset)) {
                return fail(CSJ_ERROR_NUMBER, "NaN and Infinity are not JSON numbers", offset, token);
            }
            return fail(CSJ_ERROR_NUMBER, "invalid number or number out of range", offset, token);
        case simdjson::STRING_ERROR:
            return fail(CSJ_ERROR_STRING, "invalid string (bad escape or unescaped control character)", offset, token);
        case simdjson::T_ATOM_ERROR:
        case simdjson::F_ATOM_ERROR:
        case simdjson::N_ATOM_ERROR:
            return fail(CSJ_ERROR_SYNTAX, "invalid literal (expected true, false or null)", offset, token);
        case simdjson::TRAILING_CONTENT:
            return fail(CSJ_ERROR_SYNTAX, "unexpected content after the JSON value", offset, token);
        case simdjson::INCOMPLETE_ARRAY_OR_OBJECT: {
            size_t end = after_root(bytes, length);
            if (end < length) {
                return fail(CSJ_ERROR_SYNTAX, "unexpected content after the JSON value", end, token);
            }
            return fail(CSJ_ERROR_SYNTAX, "unexpected end of input: an array or object is not closed", length, token);
        }
        case simdjson::UNESCAPED_CHARS:
            return fail(CSJ_ERROR_STRING, "a control character (U+0000 to U+001F) must be escaped in a string",
                        first_unescaped_control(bytes, length), token);
        default:
            return fail(CSJ_ERROR_SYNTAX, unexpected(offset), offset, token);
        }
    }

    static simdjson::error_code raw_token(od::document &d, std::string_view &raw) {
        return d.raw_json_token().get(raw);
    }
    static simdjson::error_code raw_token(od::value &v, std::string_view &raw) {
        raw = v.raw_json_token();
        return simdjson::SUCCESS;
    }

    /// A `true`, `false` or `null` that is the whole document, read from its raw token (the
    /// literal and the spaces after it, to the end of the input). simdjson 3.0's root literals
    /// are unreliable: `get_bool()` refuses `true` followed by two or more spaces and accepts
    /// `falseb`.
    int32_t root_literal(std::string_view raw, uint64_t offset, csj_token *token) {
        static const std::pair<std::string_view, int32_t> literals[] = {
            {"true", CSJ_TOKEN_TRUE}, {"false", CSJ_TOKEN_FALSE}, {"null", CSJ_TOKEN_NULL}};
        for (const auto &[word, kind] : literals) {
            if (raw.substr(0, word.size()) != word) { continue; }
            for (size_t i = word.size(); i < raw.size(); ++i) {
                char c = raw[i];
                if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                    return fail(CSJ_ERROR_SYNTAX, "invalid literal (expected true, false or null)", offset, token);
                }
            }
            if (raw.data() + raw.size() != reinterpret_cast<const char *>(bytes + length)) {
                return fail(CSJ_ERROR_SYNTAX, "unexpected content after the JSON value",
                            offset_of(raw.data() + raw.size()), token);
            }
            finished = true;
            token->kind = kind;
            return kind;
        }
        return fail(CSJ_ERROR_SYNTAX, "invalid literal (expected true, false or null)", offset, token);
    }

    /// The token of `number`, whose text starts `raw`.
    int32_t number_token(od::number &number, std::string_view raw, csj_token *token) {
        switch (number.get_number_type()) {
        case od::number_type::signed_integer:
            token->kind = CSJ_TOKEN_INT64;
            token->integer = number.get_int64();
            token->number = static_cast<double>(token->integer);
            break;
        case od::number_type::unsigned_integer:
            token->kind = CSJ_TOKEN_UINT64;
            token->unsigned_integer = number.get_uint64();
            token->number = static_cast<double>(token->unsigned_integer);
            break;
        default: {
            token->kind = CSJ_TOKEN_DOUBLE;
            // simdjson 3.0's number::get_double() is 0 for a number with more significant
            // digits than it parses fast (123456789012345678901234.5; simdjson issue 2099,
            // fixed in 3.6.4), so the value is read from the validated text instead.
            double value = 0;
            auto read = std::from_chars(raw.data(), raw.data() + raw.size(), value);
            token->number = read.ec == std::errc() ? value : number.get_double();
            break;
        }
        }
        return token->kind;
    }

    /// The longest number simdjson 3.0 reads as the whole document: it copies a root number into
    /// a buffer of 1,082 characters and refuses a longer one ("Root number more than 1082
    /// characters"), which it reads inside an array.
    static constexpr size_t kRootNumberLimit = 1082;

    /// A number longer than `kRootNumberLimit` that is the whole document (its raw token: the
    /// number and the spaces after it, to the end of the input), read as the only element of an
    /// array, as simdjson reads it there.
    int32_t long_root_number(std::string_view raw, uint64_t offset, csj_token *token) {
        size_t end = 0;
        while (end < raw.size() && raw[end] != ' ' && raw[end] != '\t' && raw[end] != '\n' && raw[end] != '\r') { ++end; }
        for (size_t i = end; i < raw.size(); ++i) {
            char c = raw[i];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return fail(CSJ_ERROR_SYNTAX, "unexpected content after the JSON value", offset_of(raw.data() + i), token);
            }
        }
        if (raw.data() + raw.size() != reinterpret_cast<const char *>(bytes + length)) {
            return fail(CSJ_ERROR_SYNTAX, "unexpected content after the JSON value", offset_of(raw.data() + raw.size()), token);
        }
        std::string text = "[" + std::string(raw.substr(0, end)) + "]";
        simdjson::padded_string wrapped(text);
        od::parser parser;
        od::document document;
        od::array array;
        od::value element;
        od::number number;
        if (auto code = parser.iterate(wrapped).get(document)) { return fail_simdjson(code, offset, token); }
        if (auto code = document.get_array().get(array)) { return fail(CSJ_ERROR_NUMBER, "invalid number or number out of range", offset, token); }
        size_t count = 0;
        for (auto item : array) {
            if (++count > 1 || item.get(element) || element.get_number().get(number)) {
                return fail(CSJ_ERROR_NUMBER, "invalid number or number out of range", offset, token);
            }
            int32_t kind = number_token(number, raw.substr(0, end), token);
            if (kind == CSJ_TOKEN_ERROR) { return kind; }
        }
        if (count != 1) { return fail(CSJ_ERROR_NUMBER, "invalid number or number out of range", offset, token); }
        finished = true;
        return token->kind;
    }

    /// Emits the token for value `v` (a document or a value) and, for containers, pushes a frame.
    template <typename V>
    int32_t emit_value(V &v, csj_token *token) {
        std::string_view raw;
        if (auto code = raw_token(v, raw)) { return fail_simdjson(code, current_offset(), token); }
        uint64_t offset = offset_of(raw.data());
        token->offset = offset;
        od::json_type type;
        if (auto code = v.type().get(type)) { return fail_simdjson(code, offset, token); }
        switch (type) {
        case od::json_type::object: {
            if (depth >= kMaxDepth) {
                return fail(CSJ_ERROR_DEPTH, "nesting deeper than 512 levels", offset, token);
            }
            od::object object;
            if (auto code = v.get_object().get(object)) { return fail_simdjson(code, offset, token); }
            Frame &frame = push(true);
            if (auto code = object.begin().get(frame.object_it)) { return fail_simdjson(code, offset, token); }
            token->kind = CSJ_TOKEN_OBJECT_START;
            return token->kind;
        }
        case od::json_type::array: {
            if (depth >= kMaxDepth) {
                return fail(CSJ_ERROR_DEPTH, "nesting deeper than 512 levels", offset, token);
            }
            od::array array;
            if (auto code = v.get_array().get(array)) { return fail_simdjson(code, offset, token); }
            Frame &frame = push(false);
            if (auto code = array.begin().get(frame.array_it)) { return fail_simdjson(code, offset, token); }
            token->kind = CSJ_TOKEN_ARRAY_START;
            return token->kind;
        }
        case od::json_type::string: {
            std::string_view text;
            long plain = (raw.size() > 0 && raw[0] == '"') ? plain_string_length(raw.data() + 1) : -1;
            if (plain >= 0) {
                od::raw_json_string ignored;
                if (auto code = v.get_raw_json_string().get(ignored)) { return fail_simdjson(code, offset, token); }
                text = std::string_view(raw.data() + 1, static_cast<size_t>(plain));
            } else if (auto code = v.get_string().get(text)) {
                return fail_simdjson(code, offset, token);
            }
            token->kind = CSJ_TOKEN_STRING;
            token->string = text.data();
            token->length = static_cast<uint32_t>(text.size());
            return token->kind;
        }
        case od::json_type::number: {
            od::number number;
            if (auto code = v.get_number().get(number)) {
                if constexpr (std::is_same_v<V, od::document>) {
                    if (code == simdjson::NUMBER_ERROR && raw.size() > kRootNumberLimit) { return long_root_number(raw, offset, token); }
                }
                return fail_simdjson(code, offset, token);
            }
            return number_token(number, raw, token);
        }
        case od::json_type::boolean: {
            bool flag = false;
            if constexpr (std::is_same_v<V, od::document>) {
                return root_literal(raw, offset, token);
            }
            if (auto code = v.get_bool().get(flag)) { return fail_simdjson(code, offset, token); }
            token->kind = flag ? CSJ_TOKEN_TRUE : CSJ_TOKEN_FALSE;
            return token->kind;
        }
        case od::json_type::null: {
            bool is_null = false;
            if constexpr (std::is_same_v<V, od::document>) {
                return root_literal(raw, offset, token);
            }
            if (auto code = v.is_null().get(is_null)) { return fail_simdjson(code, offset, token); }
            if (!is_null) { return fail(CSJ_ERROR_SYNTAX, "invalid literal (expected null)", offset, token); }
            token->kind = CSJ_TOKEN_NULL;
            return token->kind;
        }
        }
        return fail(CSJ_ERROR_SYNTAX, "unexpected character", offset, token);
    }

    Frame &push(bool object) {
        if (frames.size() <= depth) { frames.emplace_back(); }
        Frame &frame = frames[depth];
        ++depth;
        frame.reset(object);
        return frame;
    }

    int32_t next(csj_token *token) override {
        token->length = 0;
        token->string = nullptr;
        if (error != CSJ_ERROR_NONE) { return fail(error, message, error_offset, token); }
        if (has_pending) {
            has_pending = false;
            return emit_value(pending, token);
        }
        if (!started) {
            started = true;
            auto result = parser.iterate(bytes, length, length + simdjson::SIMDJSON_PADDING);
            if (auto code = result.error()) { return fail_simdjson(code, 0, token); }
            document = std::move(result).value_unsafe();
            return emit_value(document, token);
        }
        if (depth == 0) {
            if (!finished) {
                finished = true;
                const char *where = nullptr;
                auto code = document.current_location().get(where);
                if (code == simdjson::SUCCESS) {
                    return fail(CSJ_ERROR_SYNTAX, "unexpected content after the JSON value", offset_of(where), token);
                }
            }
            token->kind = CSJ_TOKEN_END;
            token->offset = length;
            return CSJ_TOKEN_END;
        }
        Frame &frame = frames[depth - 1];
        if (frame.is_object) {
            if (frame.needs_advance) { ++frame.object_it; }
            frame.needs_advance = true;
            if (!(frame.object_it != frame.object_it)) {
                --depth;
                token->kind = CSJ_TOKEN_OBJECT_END;
                token->offset = current_offset();
                return token->kind;
            }
            od::field field;
            if (auto code = (*frame.object_it).get(field)) { return fail_simdjson(code, current_offset(), token); }
            const char *raw_key = field.key().raw();
            uint64_t offset = raw_key ? offset_of(raw_key - 1) : current_offset();
            std::string_view key;
            long plain = raw_key ? plain_string_length(raw_key) : -1;
            if (plain >= 0) {
                key = std::string_view(raw_key, static_cast<size_t>(plain));
            } else if (auto code = field.unescaped_key().get(key)) {
                return fail_simdjson(code, offset, token);
            }
            if (!frame.keys.insert(key)) {
                return fail(CSJ_ERROR_DUPLICATE_KEY, duplicate_message(key), offset, token);
            }
            pending = field.value();
            has_pending = true;
            token->kind = CSJ_TOKEN_KEY;
            token->offset = offset;
            token->string = key.data();
            token->length = static_cast<uint32_t>(key.size());
            return token->kind;
        }
        if (frame.needs_advance) { ++frame.array_it; }
        frame.needs_advance = true;
        if (!(frame.array_it != frame.array_it)) {
            --depth;
            token->kind = CSJ_TOKEN_ARRAY_END;
            token->offset = current_offset();
            return token->kind;
        }
        od::value child;
        if (auto code = (*frame.array_it).get(child)) { return fail_simdjson(code, current_offset(), token); }
        return emit_value(child, token);
    }
};


csj_cursor *csj_make_ondemand(const uint8_t *bytes, size_t length) {
    return new (std::nothrow) OnDemandCursor(bytes, length);
}
