// A pull parser over simdjson's On-Demand API with an explicit stack of iterators.
#include "csimdjson.h"
#include <simdjson.h>

#include <cstdio>
#include <cstring>
#include <new>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace od = simdjson::ondemand;

namespace {

constexpr size_t kMaxDepth = 512;
/// Objects with more keys than this check duplicates with a hash set instead of a scan.
constexpr size_t kLinearKeyLimit = 16;

struct Frame {
    bool is_object = false;
    bool needs_advance = false;
    od::array_iterator array_it;
    od::object_iterator object_it;
    std::vector<std::string_view> keys;
    std::unordered_set<std::string_view> key_set;

    void reset(bool object) {
        is_object = object;
        needs_advance = false;
        keys.clear();
        key_set.clear();
    }

    /// Records `key`; false if the object already has it.
    bool insert_key(std::string_view key) {
        if (keys.size() < kLinearKeyLimit) {
            for (const auto &seen : keys) {
                if (seen == key) { return false; }
            }
            keys.push_back(key);
            if (keys.size() == kLinearKeyLimit) { key_set.insert(keys.begin(), keys.end()); }
            return true;
        }
        return key_set.insert(key).second;
    }
};

/// Offset of the first byte that is not part of valid UTF-8, or `length` if all are valid.
size_t first_invalid_utf8(const uint8_t *bytes, size_t length) {
    size_t i = 0;
    while (i < length) {
        uint8_t b = bytes[i];
        if (b < 0x80) { i += 1; continue; }
        size_t need;
        uint32_t min;
        uint32_t cp;
        if ((b & 0xE0) == 0xC0) { need = 1; min = 0x80; cp = b & 0x1F; }
        else if ((b & 0xF0) == 0xE0) { need = 2; min = 0x800; cp = b & 0x0F; }
        else if ((b & 0xF8) == 0xF0) { need = 3; min = 0x10000; cp = b & 0x07; }
        else { return i; }
        if (i + need >= length) { return i; }
        for (size_t k = 1; k <= need; ++k) {
            uint8_t c = bytes[i + k];
            if ((c & 0xC0) != 0x80) { return i; }
            cp = (cp << 6) | (c & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) { return i; }
        i += need + 1;
    }
    return length;
}

/// Offset of the opening quote of the string that is never closed, or `length`.
size_t unclosed_string_start(const uint8_t *bytes, size_t length) {
    bool in_string = false;
    size_t start = length;
    for (size_t i = 0; i < length; ++i) {
        uint8_t b = bytes[i];
        if (in_string) {
            if (b == '\\') { ++i; }
            else if (b == '"') { in_string = false; }
        } else if (b == '"') {
            in_string = true;
            start = i;
        }
    }
    return in_string ? start : length;
}

/// Offset of the first control character inside a string, or `length`.
size_t first_unescaped_control(const uint8_t *bytes, size_t length) {
    bool in_string = false;
    for (size_t i = 0; i < length; ++i) {
        uint8_t b = bytes[i];
        if (in_string) {
            if (b == '\\') { ++i; }
            else if (b == '"') { in_string = false; }
            else if (b < 0x20) { return i; }
        } else if (b == '"') {
            in_string = true;
        }
    }
    return length;
}

/// Where the root value ends: the offset of the first non-space byte after it (`length` if
/// none), or `length + 1` when its brackets are never all closed.
size_t after_root(const uint8_t *bytes, size_t length) {
    bool in_string = false;
    size_t depth = 0;
    bool opened = false;
    size_t i = 0;
    for (; i < length; ++i) {
        uint8_t b = bytes[i];
        if (in_string) {
            if (b == '\\') { ++i; }
            else if (b == '"') { in_string = false; }
            continue;
        }
        if (b == '"') { in_string = true; }
        else if (b == '{' || b == '[') { ++depth; opened = true; }
        else if ((b == '}' || b == ']') && depth > 0) {
            --depth;
            if (depth == 0 && opened) { ++i; break; }
        }
    }
    if (depth > 0 || !opened) { return length + 1; }
    while (i < length && (bytes[i] == ' ' || bytes[i] == '\n' || bytes[i] == '\r' || bytes[i] == '\t')) { ++i; }
    return i;
}

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

struct csj_cursor {
    const uint8_t *bytes = nullptr;
    size_t length = 0;
    od::parser parser;
    od::document document;
    std::vector<Frame> frames;
    size_t depth = 0;
    bool started = false;
    bool finished = false;
    bool has_pending = false;
    od::value pending;
    int32_t error = CSJ_ERROR_NONE;
    const char *message = "";
    uint64_t error_offset = 0;
    char scratch[256] = {0};

    int32_t fail(int32_t code, const char *text, uint64_t offset, csj_token *token) {
        if (error == CSJ_ERROR_NONE) {
            error = code;
            message = text;
            error_offset = offset > length ? length : offset;
        }
        token->kind = CSJ_TOKEN_ERROR;
        token->offset = error_offset;
        return CSJ_TOKEN_ERROR;
    }

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

    /// True if `NaN`, `Infinity` or `-Infinity` starts at `offset`.
    bool is_not_a_number(uint64_t offset) const {
        if (offset >= length) { return false; }
        const uint8_t *p = bytes + offset;
        size_t rest = length - offset;
        return (rest >= 3 && std::memcmp(p, "NaN", 3) == 0) || (rest >= 8 && std::memcmp(p, "Infinity", 8) == 0) ||
               (rest >= 9 && std::memcmp(p, "-Infinity", 9) == 0);
    }

    /// A message naming what is at `offset`: `unexpected character '}'`, `NaN is not JSON`.
    const char *unexpected(uint64_t offset) {
        if (offset >= length) { return "unexpected end of input"; }
        if (is_not_a_number(offset)) { return "NaN and Infinity are not JSON numbers"; }
        uint8_t b = bytes[offset];
        if (b == '"') { return "unexpected string (a comma or colon is missing?)"; }
        if (b == '}' || b == ']') { return "unexpected closing bracket (a value is missing, or a comma is superfluous)"; }
        if (b == ',' || b == ':') { return "unexpected separator (a value or key is missing)"; }
        if (b == 't' || b == 'f' || b == 'n') { return "invalid literal (expected true, false or null)"; }
        if (b >= 0x20 && b < 0x7F) {
            std::snprintf(scratch, sizeof scratch, "unexpected character '%c'", b);
        } else {
            std::snprintf(scratch, sizeof scratch, "unexpected byte 0x%02X", b);
        }
        return scratch;
    }

    /// `duplicate key "name" in one object`, the key shortened and its control characters shown as `?`.
    const char *duplicate_message(std::string_view key) {
        char shown[128];
        size_t n = 0;
        for (size_t i = 0; i < key.size() && n + 4 < sizeof shown; ++i) {
            unsigned char c = static_cast<unsigned char>(key[i]);
            shown[n++] = (c < 0x20 || c == 0x7F) ? '?' : static_cast<char>(c);
        }
        if (n + 4 >= sizeof shown) {
            // Do not cut a UTF-8 sequence in half.
            while (n > 0 && (static_cast<unsigned char>(shown[n - 1]) & 0xC0) == 0x80) { --n; }
            if (n > 0 && static_cast<unsigned char>(shown[n - 1]) >= 0xC0) { --n; }
            shown[n++] = '.'; shown[n++] = '.'; shown[n++] = '.';
        }
        shown[n] = 0;
        std::snprintf(scratch, sizeof scratch, "duplicate key \"%s\" in one object", shown);
        return scratch;
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
            if (auto code = v.get_number().get(number)) { return fail_simdjson(code, offset, token); }
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
            default:
                token->kind = CSJ_TOKEN_DOUBLE;
                token->number = number.get_double();
                break;
            }
            return token->kind;
        }
        case od::json_type::boolean: {
            bool flag = false;
            if (auto code = v.get_bool().get(flag)) { return fail_simdjson(code, offset, token); }
            token->kind = flag ? CSJ_TOKEN_TRUE : CSJ_TOKEN_FALSE;
            return token->kind;
        }
        case od::json_type::null: {
            bool is_null = false;
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

    int32_t next(csj_token *token) {
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
            if (!frame.insert_key(key)) {
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

extern "C" size_t csj_padding(void) { return simdjson::SIMDJSON_PADDING; }

extern "C" size_t csj_max_depth(void) { return kMaxDepth; }

extern "C" csj_cursor *csj_open(const uint8_t *bytes, size_t length, size_t capacity) {
    auto cursor = new (std::nothrow) csj_cursor();
    if (cursor == nullptr) { return nullptr; }
    cursor->bytes = bytes;
    cursor->length = length;
    if (capacity < length + simdjson::SIMDJSON_PADDING) {
        cursor->error = CSJ_ERROR_CAPACITY;
        cursor->message = "internal error: the input buffer has no padding";
    }
    return cursor;
}

extern "C" void csj_close(csj_cursor *cursor) { delete cursor; }

extern "C" int32_t csj_next(csj_cursor *cursor, csj_token *token) { return cursor->next(token); }

extern "C" size_t csj_next_batch(csj_cursor *cursor, csj_token *tokens, size_t capacity) {
    size_t count = 0;
    while (count < capacity) {
        int32_t kind = cursor->next(&tokens[count]);
        ++count;
        if (kind == CSJ_TOKEN_END || kind == CSJ_TOKEN_ERROR) { break; }
    }
    return count;
}

extern "C" int32_t csj_error_code(const csj_cursor *cursor) { return cursor->error; }

extern "C" const char *csj_error_message(const csj_cursor *cursor) { return cursor->message; }

extern "C" uint64_t csj_error_offset(const csj_cursor *cursor) { return cursor->error_offset; }
