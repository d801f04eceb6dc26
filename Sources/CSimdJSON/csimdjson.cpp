// The C interface and the helpers both engines share.
#include "cursor.h"
#include <simdjson.h>

#include <cstdio>
#include <cstring>
#include <new>

namespace csj {

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

} // namespace csj

/// True if `NaN`, `Infinity` or `-Infinity` starts at `offset`.
bool csj_cursor::is_not_a_number(uint64_t offset) const {
    if (offset >= length) { return false; }
    const uint8_t *p = bytes + offset;
    size_t rest = length - offset;
    return (rest >= 3 && std::memcmp(p, "NaN", 3) == 0) || (rest >= 8 && std::memcmp(p, "Infinity", 8) == 0) ||
           (rest >= 9 && std::memcmp(p, "-Infinity", 9) == 0);
}

/// A message naming what is at `offset`: `unexpected character '}'`, `NaN is not JSON`.
const char *csj_cursor::unexpected(uint64_t offset) {
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
const char *csj_cursor::duplicate_message(std::string_view key) {
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


extern "C" size_t csj_padding(void) { return simdjson::SIMDJSON_PADDING; }

extern "C" size_t csj_max_depth(void) { return csj::kMaxDepth; }

extern "C" csj_cursor *csj_open_engine(const uint8_t *bytes, size_t length, size_t capacity, int32_t engine) {
    csj_cursor *cursor = engine == CSJ_ENGINE_ONDEMAND ? csj_make_ondemand(bytes, length) : csj_make_scanner(bytes, length);
    if (cursor != nullptr && capacity < length + simdjson::SIMDJSON_PADDING) {
        cursor->error = CSJ_ERROR_CAPACITY;
        cursor->message = "internal error: the input buffer has no padding";
    }
    return cursor;
}

extern "C" csj_cursor *csj_open(const uint8_t *bytes, size_t length, size_t capacity) {
    return csj_open_engine(bytes, length, capacity, CSJ_ENGINE_SCANNER);
}

extern "C" csj_cursor *csj_open_elements(const uint8_t *bytes, size_t length, size_t capacity, size_t start) {
    csj_cursor *cursor = csj_make_elements_scanner(bytes, length, start);
    if (cursor != nullptr && capacity < length + simdjson::SIMDJSON_PADDING) {
        cursor->error = CSJ_ERROR_CAPACITY;
        cursor->message = "internal error: the input buffer has no padding";
    }
    return cursor;
}

extern "C" int32_t csj_limit_validation(csj_cursor *cursor, size_t end) {
    return csj_scanner_limit_validation(cursor, end) ? 1 : 0;
}

extern "C" int32_t csj_pause_at(csj_cursor *cursor, size_t offset) {
    return csj_scanner_pause_at(cursor, offset) ? 1 : 0;
}

extern "C" int32_t csj_resume(csj_cursor *cursor, size_t offset) {
    return csj_scanner_resume(cursor, offset) ? 1 : 0;
}

extern "C" void csj_close(csj_cursor *cursor) { delete cursor; }

extern "C" int32_t csj_next(csj_cursor *cursor, csj_token *token) { return cursor->next(token); }

extern "C" size_t csj_next_batch(csj_cursor *cursor, csj_token *tokens, size_t capacity) {
    return cursor->next_batch(tokens, capacity);
}

extern "C" int32_t csj_error_code(const csj_cursor *cursor) { return cursor->error; }

extern "C" const char *csj_error_message(const csj_cursor *cursor) { return cursor->message; }

extern "C" uint64_t csj_error_offset(const csj_cursor *cursor) { return cursor->error_offset; }
