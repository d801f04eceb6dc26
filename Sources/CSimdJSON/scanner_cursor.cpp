// The default engine: a single-pass JSON scanner with an explicit stack.
//
// simdjson validates the UTF-8 of the whole input first (SIMD, chosen at run time); then one
// pass produces tokens without building a structural index, so memory stays at the input
// plus a few bytes per nesting level. Strings without escapes are handed out straight from
// the input; escaped ones are unescaped into buffers the cursor owns.
#include "cursor.h"
#include <simdjson.h>

#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace {

enum class State : uint8_t {
    /// Just after `[`: a value or `]`.
    ValueOrClose,
    /// After a comma in an array: a value.
    Value,
    /// Just after `{`: a key or `}`.
    KeyOrClose,
    /// After a comma in an object: a key.
    Key,
    /// After a key: a colon, then the value.
    Colon,
    /// After a value: a comma or the closing bracket.
    CommaOrClose,
};

struct Frame {
    bool is_object = false;
    State state = State::ValueOrClose;
    csj::KeySet keys;
};

/// JSON whitespace: space, tab, line feed, carriage return.
struct SpaceTable {
    bool space[256] = {};
    constexpr SpaceTable() {
        space[' '] = true;
        space['\t'] = true;
        space['\n'] = true;
        space['\r'] = true;
    }
};
constexpr SpaceTable kSpaces;

inline bool is_space(uint8_t c) { return kSpaces.space[c]; }
inline bool is_digit(uint8_t c) { return c >= '0' && c <= '9'; }

/// Whether the JSON number whose digits run from `digits` (after any minus sign) to `end` is
/// below 1 in magnitude: the decimal order of its first nonzero digit, plus its exponent, is
/// negative. Tells an underflow (`1e-400`, or `0.000…01` with hundreds of zeros) from an
/// overflow when the conversion is out of range. The exponent saturates far beyond any order
/// the digits of a real input can reach.
inline bool below_one(const uint8_t *digits, const uint8_t *end) {
    const uint8_t *q = digits;
    int64_t order = 0;
    int64_t integer_digits = 0;
    bool nonzero = false;
    for (; q < end && is_digit(*q); ++q) {
        if (*q != '0') { nonzero = true; }
        if (nonzero) { ++integer_digits; }
    }
    if (nonzero) { order = integer_digits - 1; }
    if (q < end && *q == '.') {
        ++q;
        for (int64_t k = 1; q < end && is_digit(*q); ++q, ++k) {
            if (!nonzero && *q != '0') {
                nonzero = true;
                order = -k;
            }
        }
    }
    if (!nonzero) { return true; }
    int64_t exponent = 0;
    bool negative_exponent = false;
    if (q < end && (*q == 'e' || *q == 'E')) {
        ++q;
        if (q < end && (*q == '+' || *q == '-')) { negative_exponent = *q == '-'; ++q; }
        for (; q < end && is_digit(*q); ++q) {
            if (exponent < 1000000000000LL) { exponent = exponent * 10 + (*q - '0'); }
        }
    }
    return order + (negative_exponent ? -exponent : exponent) < 0;
}

/// The powers of ten a double holds exactly.
constexpr double kExactPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/// The value of the well-formed JSON number from `digits` (after any minus sign) to `end` when
/// one multiplication or division of two doubles gives it exactly rounded: at most 15
/// significant digits (an integer below 2^53) and a power of ten of at most 22 (Clinger's fast
/// path), as most numbers written by hand or by a program are (`0.25`, `1.5e3`). False
/// otherwise, and `value` is left alone: the caller converts the number in full.
inline bool exact_decimal(const uint8_t *digits, const uint8_t *end, bool negative, double &value) {
    uint64_t mantissa = 0;
    int significant = 0;
    int64_t exponent = 0;
    const uint8_t *q = digits;
    for (; q < end && is_digit(*q); ++q) {
        if (mantissa != 0 || *q != '0') {
            if (++significant > 15) { return false; }
            mantissa = mantissa * 10 + static_cast<uint64_t>(*q - '0');
        }
    }
    if (q < end && *q == '.') {
        for (++q; q < end && is_digit(*q); ++q) {
            if (mantissa != 0 || *q != '0') {
                if (++significant > 15) { return false; }
                mantissa = mantissa * 10 + static_cast<uint64_t>(*q - '0');
            }
            --exponent;
        }
    }
    if (q < end && (*q == 'e' || *q == 'E')) {
        ++q;
        bool negative_exponent = q < end && *q == '-';
        if (q < end && (*q == '+' || *q == '-')) { ++q; }
        int64_t written = 0;
        for (; q < end && is_digit(*q); ++q) {
            if (written > 1000) { return false; }
            written = written * 10 + (*q - '0');
        }
        exponent += negative_exponent ? -written : written;
    }
    if (exponent < -22 || exponent > 22) {
        if (mantissa != 0) { return false; }
        exponent = 0;
    }
    double magnitude = static_cast<double>(mantissa);
    magnitude = exponent < 0 ? magnitude / kExactPowersOfTen[-exponent] : magnitude * kExactPowersOfTen[exponent];
    value = negative ? -magnitude : magnitude;
    return true;
}

/// The first byte at or after `p` that is `"`, `\` or a control character (below 0x20).
///
/// The input is followed by zero padding, so the scan always stops.
inline const uint8_t *find_string_special(const uint8_t *p) {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i control = _mm_set1_epi8(0x1F);
    while (true) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
        __m128i hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                                    _mm_cmpeq_epi8(_mm_max_epu8(v, control), control));
        int mask = _mm_movemask_epi8(hits);
        if (mask != 0) { return p + __builtin_ctz(static_cast<unsigned>(mask)); }
        p += 16;
    }
#else
    while (*p != '"' && *p != '\\' && *p >= 0x20) { ++p; }
    return p;
#endif
}

inline int hex_value(uint8_t c) {
    if (c >= '0' && c <= '9') { return c - '0'; }
    if (c >= 'a' && c <= 'f') { return c - 'a' + 10; }
    if (c >= 'A' && c <= 'F') { return c - 'A' + 10; }
    return -1;
}

void append_utf8(std::string &out, uint32_t cp) {
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

struct ScannerCursor final : csj_cursor {
    /// The open arrays and objects.
    std::vector<Frame> frames;
    size_t depth = 0;
    /// `frames[depth - 1]`, the innermost open array or object (null at depth 0): set again at
    /// each `push`, since growing `frames` may move it, and stepped back at each close.
    Frame *top = nullptr;
    size_t pos = 0;
    bool validated = false;
    bool root_started = false;
    /// UTF-8 is validated up to here before the first token, the rest when `pos` reaches it.
    size_t validate_end = 0;
    /// The elements of one array from its middle: END once the array closes (`csj_open_elements`).
    bool elements = false;
    /// Where to stop once, with a PAUSE token, before an array element (`csj_pause_at`).
    size_t pause_at = SIZE_MAX;
    /// Unescaped strings; each stays where it is until the cursor is closed.
    std::vector<std::unique_ptr<char[]>> unescaped;
    std::string work;

    ScannerCursor(const uint8_t *bytes, size_t length) : csj_cursor(bytes, length), validate_end(length) {}

    /// Validates `bytes[from, to)`; false (with the error set) if it is not UTF-8.
    bool validate(size_t from, size_t to, csj_token *token) {
        if (from >= to || simdjson::validate_utf8(reinterpret_cast<const char *>(bytes + from), to - from)) { return true; }
        fail(CSJ_ERROR_UTF8, "invalid UTF-8", from + csj::first_invalid_utf8(bytes + from, to - from), token);
        return false;
    }

    /// After a PAUSE: continues at `offset`, just after the last element of the array the
    /// pause was in; the next token is what follows there (a comma and more elements, or `]`).
    bool resume(size_t offset) {
        if (depth == 0 || error != CSJ_ERROR_NONE || offset < pos || offset > length) { return false; }
        Frame &frame = *top;
        if (frame.is_object) { return false; }
        frame.state = State::CommaOrClose;
        pos = offset;
        if (offset >= validate_end) { validate_end = length; }
        return true;
    }

    /// The PAUSE token at `pos`, before an array element.
    int32_t pause(csj_token *token) {
        pause_at = SIZE_MAX;
        token->kind = CSJ_TOKEN_PAUSE;
        token->offset = pos;
        return CSJ_TOKEN_PAUSE;
    }

    void skip_space() {
        // The zero padding after the input is not a space, so no bounds check is needed. Every
        // JSON space is at most 0x20: most tokens follow none, or one space (`": "`, `", "`).
        if (bytes[pos] > ' ') { return; }
        if (bytes[pos] == ' ' && bytes[pos + 1] > ' ') {
            ++pos;
            return;
        }
        skip_spaces();
    }

    /// A run of spaces (a line break and its indentation), sixteen bytes at a time.
    __attribute__((noinline)) void skip_spaces() {
#if defined(__SSE2__)
        while (true) {
            __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(bytes + pos));
            __m128i spaces = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                                          _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
            unsigned others = ~static_cast<unsigned>(_mm_movemask_epi8(spaces)) & 0xFFFF;
            if (others != 0) {
                pos += static_cast<size_t>(__builtin_ctz(others));
                return;
            }
            pos += 16;
        }
#else
        while (is_space(bytes[pos])) { ++pos; }
#endif
    }

    /// How the byte at `offset` reads in a message.
    const char *found(uint64_t offset, const char *expected) {
        if (offset >= length) {
            std::snprintf(scratch, sizeof scratch, "%s, found the end of the input", expected);
        } else if (bytes[offset] >= 0x20 && bytes[offset] < 0x7F) {
            std::snprintf(scratch, sizeof scratch, "%s, found '%c'", expected, bytes[offset]);
        } else {
            std::snprintf(scratch, sizeof scratch, "%s, found byte 0x%02X", expected, bytes[offset]);
        }
        return scratch;
    }

    int32_t end_of_input(csj_token *token) {
        return fail(CSJ_ERROR_SYNTAX, "unexpected end of input: an array or object is not closed", length, token);
    }

    Frame &push(bool object) {
        if (frames.size() <= depth) { frames.emplace_back(); }
        Frame &frame = frames[depth];
        top = &frame;
        ++depth;
        frame.is_object = object;
        frame.state = object ? State::KeyOrClose : State::ValueOrClose;
        frame.keys.clear();
        return frame;
    }

    /// Reads the string whose opening quote is at `pos` into `text`; false after an error.
    __attribute__((always_inline)) bool read_string(std::string_view &text, csj_token *token) {
        const uint8_t *start = bytes + pos + 1;
        const uint8_t *p = find_string_special(start);
        if (*p == '"' && static_cast<size_t>(p - bytes) < length) {
            text = std::string_view(reinterpret_cast<const char *>(start), static_cast<size_t>(p - start));
            pos = static_cast<size_t>(p - bytes) + 1;
            return true;
        }
        return read_escaped_string(text, token, p);
    }

    /// `read_string` for a string with escapes (or an error): unescapes into an owned buffer.
    __attribute__((noinline)) bool read_escaped_string(std::string_view &text, csj_token *token, const uint8_t *p) {
        size_t quote = pos;
        const uint8_t *start = bytes + pos + 1;
        work.assign(reinterpret_cast<const char *>(start), static_cast<size_t>(p - start));
        while (true) {
            size_t at = static_cast<size_t>(p - bytes);
            if (at >= length) {
                fail(CSJ_ERROR_UNCLOSED_STRING, "unterminated string", quote, token);
                return false;
            }
            uint8_t c = *p;
            if (c == '"') { break; }
            if (c < 0x20) {
                fail(CSJ_ERROR_STRING, "a control character (U+0000 to U+001F) must be escaped in a string", at, token);
                return false;
            }
            // A backslash: one escape.
            if (at + 1 >= length) {
                fail(CSJ_ERROR_UNCLOSED_STRING, "unterminated string", quote, token);
                return false;
            }
            uint8_t e = p[1];
            p += 2;
            switch (e) {
            case '"': work.push_back('"'); break;
            case '\\': work.push_back('\\'); break;
            case '/': work.push_back('/'); break;
            case 'b': work.push_back('\b'); break;
            case 'f': work.push_back('\f'); break;
            case 'n': work.push_back('\n'); break;
            case 'r': work.push_back('\r'); break;
            case 't': work.push_back('\t'); break;
            case 'u': {
                uint32_t cp = 0;
                if (!read_hex4(p, cp)) { return bad_string(quote, token); }
                p += 4;
                if (cp >= 0xDC00 && cp <= 0xDFFF) { return bad_string(quote, token); }
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    uint32_t low = 0;
                    if (p[0] != '\\' || p[1] != 'u' || !read_hex4(p + 2, low) || low < 0xDC00 || low > 0xDFFF) {
                        return bad_string(quote, token);
                    }
                    p += 6;
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                }
                append_utf8(work, cp);
                break;
            }
            default:
                return bad_string(quote, token);
            }
            const uint8_t *next = find_string_special(p);
            work.append(reinterpret_cast<const char *>(p), static_cast<size_t>(next - p));
            p = next;
        }
        std::unique_ptr<char[]> copy(new (std::nothrow) char[work.size() + 1]);
        if (!copy) {
            fail(CSJ_ERROR_CAPACITY, "out of memory", quote, token);
            return false;
        }
        std::memcpy(copy.get(), work.data(), work.size());
        text = std::string_view(copy.get(), work.size());
        unescaped.push_back(std::move(copy));
        pos = static_cast<size_t>(p - bytes) + 1;
        return true;
    }

    /// Four hex digits at `p` (inside the input or its zero padding).
    bool read_hex4(const uint8_t *p, uint32_t &value) {
        value = 0;
        for (int i = 0; i < 4; ++i) {
            if (static_cast<size_t>(p + i - bytes) >= length) { return false; }
            int digit = hex_value(p[i]);
            if (digit < 0) { return false; }
            value = (value << 4) | static_cast<uint32_t>(digit);
        }
        return true;
    }

    bool bad_string(size_t quote, csj_token *token) {
        fail(CSJ_ERROR_STRING, "invalid string (bad escape or unescaped control character)", quote, token);
        return false;
    }

    int32_t number(csj_token *token) {
        size_t start = pos;
        const uint8_t *s = bytes + pos;
        const uint8_t *p = s;
        bool negative = *p == '-';
        if (negative) { ++p; }
        auto invalid = [&]() {
            if (is_not_a_number(start)) {
                return fail(CSJ_ERROR_NUMBER, "NaN and Infinity are not JSON numbers", start, token);
            }
            return fail(CSJ_ERROR_NUMBER, "invalid number or number out of range", start, token);
        };
        const uint8_t *digits = p;
        if (!is_digit(*p)) { return invalid(); }
        if (*p == '0') {
            ++p;
            if (is_digit(*p)) { return invalid(); }
        } else {
            while (is_digit(*p)) { ++p; }
        }
        size_t integer_digits = static_cast<size_t>(p - digits);
        bool is_float = false;
        if (*p == '.') {
            ++p;
            if (!is_digit(*p)) { return invalid(); }
            while (is_digit(*p)) { ++p; }
            is_float = true;
        }
        if (*p == 'e' || *p == 'E') {
            ++p;
            if (*p == '+' || *p == '-') { ++p; }
            if (!is_digit(*p)) { return invalid(); }
            while (is_digit(*p)) { ++p; }
            is_float = true;
        }
        pos = static_cast<size_t>(p - bytes);
        token->offset = start;
        if (!is_float) {
            if (integer_digits > 20) { return invalid(); }
            uint64_t value = 0;
            for (const uint8_t *d = digits; d < digits + integer_digits; ++d) {
                if (__builtin_mul_overflow(value, 10u, &value) || __builtin_add_overflow(value, uint64_t(*d - '0'), &value)) {
                    return invalid();
                }
            }
            if (negative) {
                if (value > (uint64_t(1) << 63)) { return invalid(); }
                token->kind = CSJ_TOKEN_INT64;
                token->integer = value == (uint64_t(1) << 63) ? INT64_MIN : -static_cast<int64_t>(value);
                token->number = static_cast<double>(token->integer);
            } else if (value <= static_cast<uint64_t>(INT64_MAX)) {
                token->kind = CSJ_TOKEN_INT64;
                token->integer = static_cast<int64_t>(value);
                token->number = static_cast<double>(value);
            } else {
                token->kind = CSJ_TOKEN_UINT64;
                token->unsigned_integer = value;
                token->number = static_cast<double>(value);
            }
            return token->kind;
        }
        double value = 0;
        if (exact_decimal(digits, p, negative, value)) {
            token->kind = CSJ_TOKEN_DOUBLE;
            token->number = value;
            return token->kind;
        }
        auto result = std::from_chars(reinterpret_cast<const char *>(s), reinterpret_cast<const char *>(p), value);
        if (result.ec == std::errc::result_out_of_range) {
            // Underflow (1e-400, 0.000…01) rounds to zero, as JSON parsers do; overflow is an error.
            if (below_one(digits, p)) {
                value = negative ? -0.0 : 0.0;
            } else {
                return invalid();
            }
        } else if (result.ec != std::errc() || result.ptr != reinterpret_cast<const char *>(p)) {
            return invalid();
        }
        token->kind = CSJ_TOKEN_DOUBLE;
        token->number = value;
        return token->kind;
    }

    int32_t literal(csj_token *token, const char *word, size_t size, int32_t kind) {
        if (pos + size > length || std::memcmp(bytes + pos, word, size) != 0) {
            return fail(CSJ_ERROR_SYNTAX, "invalid literal (expected true, false or null)", pos, token);
        }
        token->offset = pos;
        pos += size;
        token->kind = kind;
        return kind;
    }

    /// The value at `pos` (after spaces).
    __attribute__((always_inline)) int32_t value(csj_token *token) {
        if (pos >= length) { return end_of_input(token); }
        token->offset = pos;
        uint8_t c = bytes[pos];
        switch (c) {
        case '{':
        case '[':
            if (depth >= csj::kMaxDepth) {
                return fail(CSJ_ERROR_DEPTH, "nesting deeper than 512 levels", pos, token);
            }
            push(c == '{');
            ++pos;
            token->kind = c == '{' ? CSJ_TOKEN_OBJECT_START : CSJ_TOKEN_ARRAY_START;
            return token->kind;
        case '"': {
            std::string_view text;
            if (!read_string(text, token)) { return CSJ_TOKEN_ERROR; }
            token->kind = CSJ_TOKEN_STRING;
            token->string = text.data();
            token->length = static_cast<uint32_t>(text.size());
            return token->kind;
        }
        case 't': return literal(token, "true", 4, CSJ_TOKEN_TRUE);
        case 'f': return literal(token, "false", 5, CSJ_TOKEN_FALSE);
        case 'n': return literal(token, "null", 4, CSJ_TOKEN_NULL);
        case ']':
        case '}':
            return fail(CSJ_ERROR_SYNTAX, "unexpected closing bracket (a value is missing, or a comma is superfluous)", pos, token);
        case ',':
        case ':':
            return fail(CSJ_ERROR_SYNTAX, "unexpected separator (a value or key is missing)", pos, token);
        default:
            if (c == '-' || is_digit(c)) { return number(token); }
            return fail(CSJ_ERROR_SYNTAX, unexpected(pos), pos, token);
        }
    }

    int32_t close(csj_token *token, bool object) {
        token->offset = pos;
        ++pos;
        --depth;
        top = depth > 0 ? top - 1 : nullptr;
        token->kind = object ? CSJ_TOKEN_OBJECT_END : CSJ_TOKEN_ARRAY_END;
        return token->kind;
    }

    size_t next_batch(csj_token *tokens, size_t capacity) override {
        // The loop of the base class, with the tokens read inline and what `next_token` checks
        // before each token checked once: an error ends the batch it happens in, and only the
        // first token validates all or the first part of the input.
        size_t count = 0;
        if (capacity > 0 && (error != CSJ_ERROR_NONE || !validated)) {
            int32_t kind = next_token(&tokens[count++]);
            if (kind == CSJ_TOKEN_END || kind == CSJ_TOKEN_ERROR || kind == CSJ_TOKEN_PAUSE) { return count; }
        }
        // Where the rest of the input is validated, if it is not yet (`csj_limit_validation`).
        size_t validate_at = validate_end < length ? validate_end : SIZE_MAX;
        while (count < capacity) {
            csj_token *token = &tokens[count++];
            int32_t kind;
            if (__builtin_expect(pos >= validate_at, 0)) {
                kind = next_token(token);
                validate_at = SIZE_MAX;
            } else {
                kind = read_token(token);
            }
            if (kind == CSJ_TOKEN_END || kind == CSJ_TOKEN_ERROR || kind == CSJ_TOKEN_PAUSE) { break; }
        }
        return count;
    }

    int32_t next(csj_token *token) override { return next_token(token); }

    __attribute__((noinline)) int32_t next_token(csj_token *token) {
        token->length = 0;
        token->string = nullptr;
        if (error != CSJ_ERROR_NONE) { return fail(error, message, error_offset, token); }
        if (!validated) {
            validated = true;
            size_t from = elements ? pos : 0;
            if (!validate(from, validate_end, token)) { return CSJ_TOKEN_ERROR; }
        }
        if (pos >= validate_end && validate_end < length) {
            size_t from = validate_end;
            validate_end = length;
            if (!validate(from, length, token)) { return CSJ_TOKEN_ERROR; }
        }
        return read_token(token);
    }

    /// The token at `pos`, once the input there is validated and no error has stopped the cursor.
    __attribute__((always_inline)) int32_t read_token(csj_token *token) {
        token->length = 0;
        token->string = nullptr;
        while (true) {
            skip_space();
            if (depth == 0) {
                if (elements) {
                    token->kind = CSJ_TOKEN_END;
                    token->offset = pos;
                    return CSJ_TOKEN_END;
                }
                if (!root_started) {
                    root_started = true;
                    if (pos >= length) {
                        return fail(CSJ_ERROR_EMPTY, "no JSON value (the input is empty or only whitespace)", 0, token);
                    }
                    return value(token);
                }
                if (pos < length) {
                    return fail(CSJ_ERROR_SYNTAX, "unexpected content after the JSON value", pos, token);
                }
                token->kind = CSJ_TOKEN_END;
                token->offset = length;
                return CSJ_TOKEN_END;
            }
            // Past the end only the zero padding is read, which no state below accepts: each
            // of their errors tells the end of the input first.
            Frame &frame = *top;
            uint8_t c = bytes[pos];
            switch (frame.state) {
            case State::ValueOrClose:
                if (c == ']') { return close(token, false); }
                if (pos == pause_at) { return pause(token); }
                frame.state = State::CommaOrClose;
                return value(token);
            case State::Value:
                if (pos == pause_at) { return pause(token); }
                frame.state = State::CommaOrClose;
                return value(token);
            case State::CommaOrClose: {
                char closing = frame.is_object ? '}' : ']';
                if (c == ',') {
                    ++pos;
                    frame.state = frame.is_object ? State::Key : State::Value;
                    continue;
                }
                if (c == static_cast<uint8_t>(closing)) { return close(token, frame.is_object); }
                if (pos >= length) { return end_of_input(token); }
                if (c == '"') {
                    return fail(CSJ_ERROR_SYNTAX, "unexpected string (a comma or colon is missing?)", pos, token);
                }
                return fail(CSJ_ERROR_SYNTAX,
                            found(pos, frame.is_object ? "expected ',' or '}'" : "expected ',' or ']'"), pos, token);
            }
            case State::KeyOrClose:
                if (c == '}') { return close(token, true); }
                [[fallthrough]];
            case State::Key: {
                if (c != '"') {
                    if (pos >= length) { return end_of_input(token); }
                    if (c == '}') {
                        return fail(CSJ_ERROR_SYNTAX,
                                    "unexpected closing bracket (a value is missing, or a comma is superfluous)", pos, token);
                    }
                    return fail(CSJ_ERROR_SYNTAX, found(pos, "expected a key in double quotes"), pos, token);
                }
                size_t offset = pos;
                std::string_view key;
                if (!read_string(key, token)) { return CSJ_TOKEN_ERROR; }
                if (!frame.keys.insert(key)) {
                    return fail(CSJ_ERROR_DUPLICATE_KEY, duplicate_message(key), offset, token);
                }
                frame.state = State::Colon;
                token->kind = CSJ_TOKEN_KEY;
                token->offset = offset;
                token->string = key.data();
                token->length = static_cast<uint32_t>(key.size());
                return CSJ_TOKEN_KEY;
            }
            case State::Colon:
                if (c != ':') {
                    if (pos >= length) { return end_of_input(token); }
                    return fail(CSJ_ERROR_SYNTAX, found(pos, "expected ':' after the key"), pos, token);
                }
                ++pos;
                skip_space();
                frame.state = State::CommaOrClose;
                return value(token);
            }
        }
    }
};

} // namespace

csj_cursor *csj_make_scanner(const uint8_t *bytes, size_t length) {
    return new (std::nothrow) ScannerCursor(bytes, length);
}

csj_cursor *csj_make_elements_scanner(const uint8_t *bytes, size_t length, size_t start) {
    ScannerCursor *cursor = new (std::nothrow) ScannerCursor(bytes, length);
    if (cursor == nullptr) { return nullptr; }
    cursor->elements = true;
    cursor->root_started = true;
    cursor->pos = start;
    cursor->push(false).state = State::Value;
    return cursor;
}

bool csj_scanner_limit_validation(csj_cursor *cursor, size_t end) {
    auto *scanner = dynamic_cast<ScannerCursor *>(cursor);
    if (scanner == nullptr || scanner->validated) { return false; }
    scanner->validate_end = end < scanner->length ? end : scanner->length;
    return true;
}

bool csj_scanner_pause_at(csj_cursor *cursor, size_t offset) {
    auto *scanner = dynamic_cast<ScannerCursor *>(cursor);
    if (scanner == nullptr || scanner->validated) { return false; }
    scanner->pause_at = offset;
    return true;
}

bool csj_scanner_resume(csj_cursor *cursor, size_t offset) {
    auto *scanner = dynamic_cast<ScannerCursor *>(cursor);
    return scanner != nullptr && scanner->resume(offset);
}
