#ifndef OPLINT_CSIMDJSON_H
#define OPLINT_CSIMDJSON_H
// A strict JSON pull parser (RFC 8259, UTF-8, no duplicate keys).
//
// Two engines give the same tokens: a single-pass scanner (the default; simdjson validates
// the UTF-8 first) and simdjson's On-Demand API (the reference it is tested against). The
// caller hands over a buffer of `length` bytes followed by at least `csj_padding()`
// readable zero bytes, then calls `csj_next` (or `csj_next_batch`) until it returns
// CSJ_TOKEN_END or CSJ_TOKEN_ERROR. Nesting is walked with an explicit stack whose depth is
// limited, so no input can make the parser recurse. Strings (keys and values) point into
// the input when they have no escapes, else into buffers the cursor owns; either way they
// stay valid until `csj_close`.
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/// The kinds of token.
typedef enum csj_token_kind {
    CSJ_TOKEN_END = 0,
    CSJ_TOKEN_OBJECT_START = 1,
    CSJ_TOKEN_OBJECT_END = 2,
    CSJ_TOKEN_ARRAY_START = 3,
    CSJ_TOKEN_ARRAY_END = 4,
    CSJ_TOKEN_KEY = 5,
    CSJ_TOKEN_STRING = 6,
    CSJ_TOKEN_INT64 = 7,
    CSJ_TOKEN_UINT64 = 8,
    CSJ_TOKEN_DOUBLE = 9,
    CSJ_TOKEN_TRUE = 10,
    CSJ_TOKEN_FALSE = 11,
    CSJ_TOKEN_NULL = 12,
    CSJ_TOKEN_ERROR = 13,
    /// Only after csj_pause_at: parsing stopped just before an array element (see there).
    CSJ_TOKEN_PAUSE = 14
} csj_token_kind;

/// Why parsing stopped.
typedef enum csj_error_kind {
    CSJ_ERROR_NONE = 0,
    /// Not JSON: a missing comma, colon, bracket; an invalid literal; trailing content.
    CSJ_ERROR_SYNTAX = 1,
    /// Bytes that are not UTF-8.
    CSJ_ERROR_UTF8 = 2,
    /// Nested deeper than the limit.
    CSJ_ERROR_DEPTH = 3,
    /// The same key twice in one object.
    CSJ_ERROR_DUPLICATE_KEY = 4,
    /// A number JSON cannot hold as a finite double (`1e400`) or that is malformed.
    CSJ_ERROR_NUMBER = 5,
    /// Nothing but whitespace.
    CSJ_ERROR_EMPTY = 6,
    /// A string that is never closed.
    CSJ_ERROR_UNCLOSED_STRING = 7,
    /// The document is too large (simdjson handles up to 4 GiB) or memory ran out.
    CSJ_ERROR_CAPACITY = 8,
    /// A string with an invalid escape or a control character.
    CSJ_ERROR_STRING = 9
} csj_error_kind;

/// One token. `string`/`length` are set for keys and strings; the numbers for numbers.
typedef struct csj_token {
    int32_t kind;
    uint32_t length;
    /// Byte offset of the token's first character (`{`, `[`, the opening quote, a digit).
    uint64_t offset;
    const char *string;
    int64_t integer;
    uint64_t unsigned_integer;
    double number;
} csj_token;

typedef struct csj_cursor csj_cursor;

/// The number of readable bytes simdjson needs after the input.
size_t csj_padding(void);

/// The deepest nesting accepted.
size_t csj_max_depth(void);

/// The parsers: the hand-written scanner (the default) and simdjson's On-Demand API.
enum { CSJ_ENGINE_SCANNER = 0, CSJ_ENGINE_ONDEMAND = 1 };

/// Starts parsing `bytes[0..<length]` with `engine`; otherwise as `csj_open`.
csj_cursor *csj_open_engine(const uint8_t *bytes, size_t length, size_t capacity, int32_t engine);

/// Starts parsing `bytes[0..<length]`; `capacity` ≥ `length + csj_padding()` bytes must be readable.
/// Returns NULL only when memory runs out.
csj_cursor *csj_open(const uint8_t *bytes, size_t length, size_t capacity);

/// The scanner over the elements of one array, starting at the element whose first byte is
/// at `start` (after a comma of that array): it returns the elements' tokens, then the array's
/// ARRAY_END, then END. It validates the UTF-8 of `bytes[start, length)` before the first token.
/// Used to read the second half of a long array on another thread.
csj_cursor *csj_open_elements(const uint8_t *bytes, size_t length, size_t capacity, size_t start);

/// Before the first token of a scanner cursor: validate the UTF-8 of `bytes[0, end)` first and
/// the rest only when parsing reaches `end`. Returns 1, or 0 if the cursor cannot.
int32_t csj_limit_validation(csj_cursor *cursor, size_t end);

/// Before the first token of a scanner cursor: when parsing reaches `offset` as the start of an
/// element of an array, return a PAUSE token there once (it ends a batch), then go on as if
/// nothing happened — or jump with csj_resume.
int32_t csj_pause_at(csj_cursor *cursor, size_t offset);

/// Right after a PAUSE: continue at `offset`, just after the last element of the array the
/// pause was in, as if every element in between had been read (another cursor read them; the
/// bytes it validated are taken as valid). Returns 1, or 0 if the cursor cannot.
int32_t csj_resume(csj_cursor *cursor, size_t offset);

/// Maps `length` bytes of the open file `descriptor` read-only, followed by at least `padding`
/// zero bytes; NULL if it cannot (then read the file instead). Should the file shrink while
/// it is mapped, touching the lost pages writes `message` to standard error and exits with
/// status 2 rather than crash.
const uint8_t *csj_map_file(int32_t descriptor, size_t length, size_t padding, const char *message);

/// Unmaps what `csj_map_file` mapped.
void csj_unmap_file(const uint8_t *start, size_t length, size_t padding);

/// Frees the cursor and every string it handed out.
void csj_close(csj_cursor *cursor);

/// The next token; CSJ_TOKEN_END after the root value, CSJ_TOKEN_ERROR (then always again) on error.
int32_t csj_next(csj_cursor *cursor, csj_token *token);

/// Up to `capacity` tokens into `tokens`; returns how many. The batch stops after an
/// END, ERROR or PAUSE token, which is included.
size_t csj_next_batch(csj_cursor *cursor, csj_token *tokens, size_t capacity);

/// The error that stopped parsing, CSJ_ERROR_NONE if none.
int32_t csj_error_code(const csj_cursor *cursor);

/// A short lower-case description of the error (never NULL).
const char *csj_error_message(const csj_cursor *cursor);

/// The best byte offset for the error.
uint64_t csj_error_offset(const csj_cursor *cursor);

#ifdef __cplusplus
}
#endif
#endif
