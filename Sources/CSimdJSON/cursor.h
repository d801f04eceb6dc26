// The interface both pull parsers implement, and the helpers they share.
#ifndef OPLINT_CSIMDJSON_CURSOR_H
#define OPLINT_CSIMDJSON_CURSOR_H
#include "csimdjson.h"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace csj {

constexpr size_t kMaxDepth = 512;
/// Objects with more keys than this check duplicates with a hash set instead of a scan.
constexpr size_t kLinearKeyLimit = 16;

/// The keys seen in one object, to refuse duplicates.
struct KeySet {
    std::vector<std::string_view> keys;
    std::unordered_set<std::string_view> key_set;

    void clear() {
        keys.clear();
        if (!key_set.empty()) { key_set.clear(); }
    }

    /// Records `key`; false if the object already has it.
    __attribute__((always_inline)) bool insert(std::string_view key) {
        size_t count = keys.size();
        if (count < kLinearKeyLimit - 1) {
            // Length and first byte first: most keys of one object differ there.
            const std::string_view *seen = keys.data();
            for (size_t i = 0; i < count; ++i) {
                if (seen[i].size() == key.size() && (key.empty() || seen[i][0] == key[0]) && seen[i] == key) {
                    return false;
                }
            }
            keys.push_back(key);
            return true;
        }
        return insert_many(key);
    }

    /// `insert` once the object has many keys: a hash set.
    __attribute__((noinline)) bool insert_many(std::string_view key) {
        if (key_set.empty()) { key_set.insert(keys.begin(), keys.end()); }
        if (!key_set.insert(key).second) { return false; }
        keys.push_back(key);
        return true;
    }
};

/// Offset of the first byte that is not part of valid UTF-8, or `length` if all are valid.
size_t first_invalid_utf8(const uint8_t *bytes, size_t length);
/// Offset of the opening quote of the string that is never closed, or `length`.
size_t unclosed_string_start(const uint8_t *bytes, size_t length);
/// Offset of the first control character inside a string, or `length`.
size_t first_unescaped_control(const uint8_t *bytes, size_t length);
/// The first non-space byte after the root value, `length` if none, `length + 1` if it never closes.
size_t after_root(const uint8_t *bytes, size_t length);

} // namespace csj

/// A pull parser: the state shared by both engines, and the error it stopped with.
struct csj_cursor {
    const uint8_t *bytes = nullptr;
    size_t length = 0;
    int32_t error = CSJ_ERROR_NONE;
    const char *message = "";
    uint64_t error_offset = 0;
    char scratch[256] = {0};

    csj_cursor(const uint8_t *bytes, size_t length) : bytes(bytes), length(length) {}
    virtual ~csj_cursor() = default;

    /// The next token (see csj_next).
    virtual int32_t next(csj_token *token) = 0;

    /// Up to `capacity` tokens (see csj_next_batch).
    virtual size_t next_batch(csj_token *tokens, size_t capacity) {
        size_t count = 0;
        while (count < capacity) {
            int32_t kind = next(&tokens[count]);
            ++count;
            if (kind == CSJ_TOKEN_END || kind == CSJ_TOKEN_ERROR) { break; }
        }
        return count;
    }

    /// Stops with an error (the first one is kept) and returns CSJ_TOKEN_ERROR.
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

    /// True if `NaN`, `Infinity` or `-Infinity` starts at `offset`.
    bool is_not_a_number(uint64_t offset) const;
    /// A message naming what is at `offset` where a value was expected.
    const char *unexpected(uint64_t offset);
    /// `duplicate key "name" in one object`, shortened, control characters shown as `?`.
    const char *duplicate_message(std::string_view key);
};

/// The hand-written scanner (the default engine).
csj_cursor *csj_make_scanner(const uint8_t *bytes, size_t length);
/// The scanner over the elements of one array, from `start` (see csj_open_elements).
csj_cursor *csj_make_elements_scanner(const uint8_t *bytes, size_t length, size_t start);
/// See csj_limit_validation, csj_pause_at and csj_resume; false when `cursor` is not the
/// scanner or cannot.
bool csj_scanner_limit_validation(csj_cursor *cursor, size_t end);
bool csj_scanner_pause_at(csj_cursor *cursor, size_t offset);
bool csj_scanner_resume(csj_cursor *cursor, size_t offset);
/// The simdjson On-Demand engine (the reference engine).
csj_cursor *csj_make_ondemand(const uint8_t *bytes, size_t length);

#endif
