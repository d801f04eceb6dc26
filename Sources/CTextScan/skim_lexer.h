// The skim's reading of a file: included by `skim_portable.c` and `skim_wide.c`, which
// define SKIM_WIDE (0 or 1) and the skim's entry point. Private to CTextScan.
//
// The skim follows the lexical structure the tokenizer follows (comments, strings,
// interpolations, directives) jumping from one byte that may change it to the next, sixteen
// bytes at a time where the machine has vector instructions (thirty-two in the wide build); in
// the code between two such bytes it finds the runs of identifier bytes sixty-four at a time.
// The wide build also drops, sixty-four at a time, the runs whose first three bytes no word
// starts with or whose last byte no word ends with, before the per-run filter. The tokenizer
// looks at every byte and writes every token.

#include "skim_internal.h"

#if defined(__SSE2__) || SKIM_WIDE
#include <immintrin.h>
#endif

// MARK: Words

#if SKIM_WIDE
/// For each of the 32 bytes of `v`, the bits the nibble tables `low` and `high` both hold for it
/// (`low[b & 15] & high[b >> 4]`).
static inline __m256i nibble_lookup(__m256i v, __m256i low, __m256i high) {
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    return _mm256_and_si256(_mm256_shuffle_epi8(low, _mm256_and_si256(v, low4)),
                            _mm256_shuffle_epi8(high, _mm256_and_si256(_mm256_srli_epi16(v, 4), low4)));
}

/// A 64-bit mask of the bytes at `p` that a pair of nibble tables (`low`, `high`) holds.
static inline uint64_t nibble_class_mask64(const uint8_t *p, __m256i low, __m256i high) {
    uint64_t mask = 0;
    for (int k = 0; k < 2; k++) {
        __m256i hit = nibble_lookup(_mm256_loadu_si256((const __m256i *)(p + 32 * k)), low, high);
        uint32_t none = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256()));
        mask |= (uint64_t)~none << (32 * k);
    }
    return mask;
}

/// The identifier bytes as nibble tables. Bits: 1, low nibble 1–F (`A`–`O`, `a`–`o`); 2, 0–A
/// (`P`–`Z`, `p`–`z`); 4, 0–9 (digits); 8, F (`_`); 16, 4 (`$`); 32, any (bytes above 0x7F).
static const uint8_t identifier_low[16] = {0x26, 0x27, 0x27, 0x27, 0x37, 0x27, 0x27, 0x27, 0x27, 0x27, 0x23, 0x21, 0x21, 0x21, 0x21, 0x29};
static const uint8_t identifier_high[16] = {0, 0, 0x10, 0x04, 0x01, 0x0A, 0x01, 0x02, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20};

static inline __m256i nibble_table(const uint8_t *table) {
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)table));
}

/// A 64-bit mask of the bytes at `p` whose three bytes from there leave some group of the
/// prefix tables (`low[j]`, `high[j]` for byte j) set at each position: where a word may
/// start. Reads `p` to `p + 65`.
static inline uint64_t prefix_mask64(const uint8_t *p, const __m256i low[prefix_length], const __m256i high[prefix_length]) {
    uint64_t mask = 0;
    for (int k = 0; k < 2; k++) {
        __m256i groups = _mm256_set1_epi8((char)0xFF);
        for (int j = 0; j < prefix_length; j++) {
            groups = _mm256_and_si256(groups, nibble_lookup(_mm256_loadu_si256((const __m256i *)(p + 32 * k + j)), low[j], high[j]));
        }
        uint32_t none = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(groups, _mm256_setzero_si256()));
        mask |= (uint64_t)~none << (32 * k);
    }
    return mask;
}
#endif

/// How many bytes from its start the skim reads for a window of 64: the wide build reads the
/// two bytes after the last one too, for the beginnings of words.
enum { window_reach = 64 + (SKIM_WIDE ? prefix_length - 1 : 0) };

/// Bit k set when byte k of the 64 at `p` is an identifier byte.
static inline uint64_t identifier_mask64(const uint8_t *p) {
#if SKIM_WIDE
    return nibble_class_mask64(p, nibble_table(identifier_low), nibble_table(identifier_high));
#elif defined(__SSE2__)
    uint64_t mask = 0;
    for (int k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + 16 * k));
        __m128i letter = _mm_sub_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
        __m128i is_letter = _mm_cmpeq_epi8(_mm_min_epu8(letter, _mm_set1_epi8(25)), letter);
        __m128i digit = _mm_sub_epi8(v, _mm_set1_epi8('0'));
        __m128i is_digit = _mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8(9)), digit);
        __m128i is_other = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('_')), _mm_cmpeq_epi8(v, _mm_set1_epi8('$')));
        unsigned bits = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(is_letter, is_digit), is_other))
            | (unsigned)_mm_movemask_epi8(v);
        mask |= (uint64_t)bits << (16 * k);
    }
    return mask;
#else
    uint64_t mask = 0;
    for (int k = 0; k < 64; k++) mask |= (uint64_t)is_identifier_part(p[k]) << k;
    return mask;
#endif
}

/// Every run of identifier bytes in the code from `from` to `to` (a byte that is no
/// identifier byte, or the file's end, on either side): 0 at an API word, names after keywords.
static int scan_words(const uint8_t *bytes, size_t count, size_t from, size_t to, struct word_sink *sink) {
    const struct word_filter *filter = &sink->words->filter;
#if SKIM_WIDE
    __m256i prefix_low[prefix_length], prefix_high[prefix_length];
    for (int j = 0; j < prefix_length; j++) {
        prefix_low[j] = nibble_table(sink->words->prefix_low[j]);
        prefix_high[j] = nibble_table(sink->words->prefix_high[j]);
    }
    const __m256i last_low = nibble_table(sink->words->last_low), last_high = nibble_table(sink->words->last_high);
#endif
    // A window that reaches past the file's end is read from a copy with zeros after it.
    uint8_t tail[window_reach];
    uint64_t previous = 0;
    for (size_t window = from; window < to; window += 64) {
        const uint8_t *p = bytes + window;
        if (window + window_reach > count) {
            memset(tail, 0, sizeof tail);
            memcpy(tail, p, count - window);
            p = tail;
        }
        uint64_t mask = identifier_mask64(p);
        if (to - window < 64) mask &= ((uint64_t)1 << (to - window)) - 1;
        uint64_t starts = mask & ~(mask << 1 | previous);
        previous = mask >> 63;
#if SKIM_WIDE
        // Only the runs that start with three bytes some word starts with, and (when they end
        // in the window) end with a byte some word ends with, go on to the filter.
        starts &= prefix_mask64(p, prefix_low, prefix_high);
        const uint64_t lasts = nibble_class_mask64(p, last_low, last_high);
#endif
        while (starts) {
            int bit = __builtin_ctzll(starts);
            starts &= starts - 1;
            size_t start = window + (size_t)bit, end;
            uint64_t rest = ~mask >> bit;
            if (__builtin_expect(rest != 0, 1)) {
                size_t run = (size_t)__builtin_ctzll(rest);
#if SKIM_WIDE
                if (!(lasts >> (bit + (int)run - 1) & 1)) continue;
#endif
                end = start + run;
            } else {
                // The run goes on past the window.
                end = window + 64;
                while (end < to && is_identifier_part(bytes[end])) end++;
            }
            // Words of 1 to 3 bytes fall on rows that hold no bits, longer ones on row 0.
            size_t length = end - start, row = length <= longest_word ? length : 0;
            if (__builtin_expect(filter_bit(filter, row, bytes[start], bytes[end - 1]), 0)
                && !look_at_word(sink, bytes, count, start, end)) return 0;
        }
    }
    return 1;
}

// MARK: Lexical structure

/// The first index from `i` whose byte is one of `stops` (at most eight), or `count`.
static inline size_t next_stop(const uint8_t *bytes, size_t count, size_t i, const char *stops, int stop_count) {
#if SKIM_WIDE
    while (i + 32 <= count) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(bytes + i));
        __m256i hit = _mm256_setzero_si256();
        for (int k = 0; k < stop_count; k++) hit = _mm256_or_si256(hit, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(stops[k])));
        unsigned bits = (unsigned)_mm256_movemask_epi8(hit);
        if (bits) return i + (size_t)__builtin_ctz(bits);
        i += 32;
    }
#endif
#if defined(__SSE2__)
    while (i + 16 <= count) {
        __m128i v = _mm_loadu_si128((const __m128i *)(bytes + i));
        __m128i hit = _mm_setzero_si128();
        for (int k = 0; k < stop_count; k++) hit = _mm_or_si128(hit, _mm_cmpeq_epi8(v, _mm_set1_epi8(stops[k])));
        unsigned bits = (unsigned)_mm_movemask_epi8(hit);
        if (bits) return i + (size_t)__builtin_ctz(bits);
        i += 16;
    }
#endif
    for (; i < count; i++) {
        for (int k = 0; k < stop_count; k++) {
            if (bytes[i] == (uint8_t)stops[k]) return i;
        }
    }
    return count;
}

static inline uint8_t byte_at(const uint8_t *bytes, size_t count, size_t i) {
    return i < count ? bytes[i] : 0;
}

/// A Swift string whose interpolation is being read as code.
struct open_string {
    int hashes;
    int multiline;
    int depth;
};

enum { deepest_interpolation = 64 };

struct lexer {
    const uint8_t *bytes;
    size_t count;
    size_t i;
    int is_swift;
    struct open_string open[deepest_interpolation];
    int open_count;
};

/// The body of a Swift string from `lx->i`: 1 with `lx->i` past its end or inside a new
/// interpolation, 0 when it is unterminated.
static int swift_string_body(struct lexer *lx, int hashes, int multiline) {
    const uint8_t *bytes = lx->bytes;
    size_t count = lx->count;
    size_t i = lx->i;
    while (1) {
        i = next_stop(bytes, count, i, "\n\\\"", 3);
        if (i >= count) return 0;
        uint8_t b = bytes[i];
        if (b == '\n') {
            if (!multiline) return 0;
            i++;
        } else if (b == '\\') {
            size_t j = i + 1;
            int matched = 0;
            while (matched < hashes && byte_at(bytes, count, j) == '#') { matched++; j++; }
            if (matched != hashes) { i++; continue; }
            if (byte_at(bytes, count, j) == '(') {
                if (lx->open_count == deepest_interpolation) return 0;
                lx->open[lx->open_count++] = (struct open_string){hashes, multiline, 0};
                lx->i = j + 1;
                return 1;
            }
            i = j + 1 < count ? j + 1 : count;
        } else {
            int closes = 1;
            size_t j = i + 1;
            if (multiline) {
                closes = byte_at(bytes, count, i + 1) == '"' && byte_at(bytes, count, i + 2) == '"';
                j = i + 3;
            }
            if (closes) {
                int matched = 0;
                while (matched < hashes && byte_at(bytes, count, j + (size_t)matched) == '#') matched++;
                closes = matched == hashes;
            }
            if (closes) {
                lx->i = j + (size_t)hashes;
                return 1;
            }
            i++;
        }
    }
}

/// A Swift string whose opening (`#…#"` or `"""`) starts at `start`.
static int swift_string(struct lexer *lx, size_t start, int hashes) {
    const uint8_t *bytes = lx->bytes;
    size_t count = lx->count;
    size_t i = start + (size_t)hashes;
    int multiline = byte_at(bytes, count, i) == '"' && byte_at(bytes, count, i + 1) == '"' && byte_at(bytes, count, i + 2) == '"';
    if (multiline && hashes > 0) {
        size_t k = i + 3;
        while (k < count && (bytes[k] == ' ' || bytes[k] == '\t')) k++;
        multiline = k >= count || bytes[k] == '\n' || bytes[k] == '\r';
    }
    lx->i = i + (multiline ? 3 : 1);
    return swift_string_body(lx, hashes, multiline);
}

/// A C string from the quote at `lx->i`.
static int c_string(struct lexer *lx) {
    const uint8_t *bytes = lx->bytes;
    size_t count = lx->count;
    size_t i = lx->i + 1;
    while (1) {
        i = next_stop(bytes, count, i, "\n\\\"", 3);
        if (i >= count || bytes[i] == '\n') return 0;
        i++;
        if (bytes[i - 1] == '"') break;
        // A backslash: the next byte is escaped, a line break (CR LF too) continues the string.
        if (i < count) {
            if (bytes[i] == '\r' && byte_at(bytes, count, i + 1) == '\n') i++;
            i++;
        }
    }
    lx->i = i;
    return 1;
}

/// Whether the comment text from `i` (after `//` or `/*`) starts, after spaces and tabs, with
/// `oplint:`: an annotation, which makes the file one the second pass reads.
static int is_annotation(const uint8_t *bytes, size_t count, size_t i) {
    while (i < count && (bytes[i] == ' ' || bytes[i] == '\t')) i++;
    return count - i >= 7 && memcmp(bytes + i, "oplint:", 7) == 0;
}

/// 0 at an unterminated comment or an annotation.
static int block_comment(struct lexer *lx) {
    const uint8_t *bytes = lx->bytes;
    size_t count = lx->count;
    if (is_annotation(bytes, count, lx->i + 2)) return 0;
    size_t i = lx->i + 2;
    int depth = 1;
    while (1) {
        i = next_stop(bytes, count, i, "*/", 2);
        if (i >= count) return 0;
        if (bytes[i] == '*' && byte_at(bytes, count, i + 1) == '/') {
            i += 2;
            if (--depth == 0) break;
        } else if (lx->is_swift && bytes[i] == '/' && byte_at(bytes, count, i + 1) == '*') {
            depth++;
            i += 2;
        } else {
            i++;
        }
    }
    lx->i = i;
    return 1;
}

/// 0 at an annotation.
static int line_comment(struct lexer *lx) {
    if (is_annotation(lx->bytes, lx->count, lx->i + 2)) return 0;
    const uint8_t *found = memchr(lx->bytes + lx->i, '\n', lx->count - lx->i);
    lx->i = found ? (size_t)(found - lx->bytes) : lx->count;
    return 1;
}

static int character_literal(struct lexer *lx) {
    const uint8_t *bytes = lx->bytes;
    size_t count = lx->count;
    size_t i = lx->i + 1;
    while (i < count) {
        uint8_t b = bytes[i];
        if (b == '\n') return 0;
        i++;
        if (b == '\\') {
            if (i < count && bytes[i] != '\n') i++;
        } else if (b == '\'') {
            lx->i = i;
            return 1;
        }
    }
    return 0;
}

/// An Objective-C preprocessor line from the `#` at `lx->i`, as the tokenizer reads it.
static int preprocessor_line(struct lexer *lx) {
    const uint8_t *bytes = lx->bytes;
    size_t count = lx->count;
    size_t start = lx->i;
    size_t i = start;
    while (i < count) {
        uint8_t b = bytes[i];
        if (b == '\n') {
            size_t back = i;
            if (back > 0 && bytes[back - 1] == '\r') back--;
            if (back > start && bytes[back - 1] == '\\') { i++; continue; }
            break;
        }
        if (b == '/' && byte_at(bytes, count, i + 1) == '/') break;
        if (b == '/' && byte_at(bytes, count, i + 1) == '*') {
            // A comment inside the directive, possibly over several lines.
            i += 2;
            while (i < count && !(bytes[i] == '*' && byte_at(bytes, count, i + 1) == '/')) i++;
            if (i >= count) return 0;
            i += 2;
            continue;
        }
        if (b == '"' || b == '\'') {
            // A backslash before a line break (CR LF too) continues a string onto the next line.
            size_t j = i + 1;
            while (j < count && bytes[j] != b && bytes[j] != '\n') {
                if (bytes[j] != '\\') { j++; continue; }
                int crlf = byte_at(bytes, count, j + 1) == '\r' && byte_at(bytes, count, j + 2) == '\n';
                if (b == '"' && (byte_at(bytes, count, j + 1) == '\n' || crlf)) { j += crlf ? 3 : 2; continue; }
                j += byte_at(bytes, count, j + 1) != '\n' ? 2 : 1;
            }
            i = j < count && bytes[j] == b ? j + 1 : (j < count ? j : count);
            continue;
        }
        i++;
    }
    lx->i = i;
    if (i < count && bytes[i] == '/') return line_comment(lx);
    return 1;
}

/// Whether only blanks stand between the last line break (or the file's start) and `i`.
static int at_line_start(const uint8_t *bytes, size_t i) {
    while (i > 0 && is_blank(bytes[i - 1])) i--;
    return i == 0 || bytes[i - 1] == '\n';
}

/// Whether the identifier bytes that end at `end` are a C++ raw string prefix (`R`, `LR`, `uR`, `UR`, `u8R`).
static int ends_raw_string_prefix(const uint8_t *bytes, size_t end) {
    if (end == 0 || bytes[end - 1] != 'R') return 0;
    size_t start = end;
    while (start > 0 && is_identifier_part(bytes[start - 1])) start--;
    return is_identifier_start(bytes[start]);
}

/// 1 when the tokenizer would warn about nothing, the code holds no API word and no
/// annotation, and everything was followed; the names after keywords go to `sink`.
static int skim(const uint8_t *bytes, size_t count, int is_swift, struct word_sink *sink) {
    struct lexer lx = {.bytes = bytes, .count = count, .i = 0, .is_swift = is_swift, .open_count = 0};
    while (1) {
        size_t i;
        if (!is_swift) {
            i = next_stop(bytes, count, lx.i, "/\"#'", 4);
        } else if (lx.open_count == 0) {
            i = next_stop(bytes, count, lx.i, "/\"#'`", 5);
        } else {
            i = next_stop(bytes, count, lx.i, "/\"#'`()", 7);
        }
        if (!scan_words(bytes, count, lx.i, i, sink)) return 0;
        if (i >= count) break;
        lx.i = i;
        uint8_t c = bytes[i];
        uint8_t next = byte_at(bytes, count, i + 1);
        switch (c) {
        case '/':
            if (next == '/') {
                if (!line_comment(&lx)) return 0;
            } else if (next == '*') {
                if (!block_comment(&lx)) return 0;
            } else if (is_swift && !(next == ' ' || next == '\t' || next == '\n' || next == '\r' || next == ')' || next == '=')) {
                // Perhaps a regex literal: the tokenizer decides by the token before it.
                return 0;
            } else {
                lx.i = i + 1;
            }
            break;
        case '"':
            if (is_swift) {
                if (!swift_string(&lx, i, 0)) return 0;
            } else {
                if (ends_raw_string_prefix(bytes, i)) return 0;
                if (!c_string(&lx)) return 0;
            }
            break;
        case '#': {
            size_t h = i;
            while (h < count && bytes[h] == '#') h++;
            if (is_swift && byte_at(bytes, count, h) == '"') {
                if (!swift_string(&lx, i, (int)(h - i))) return 0;
            } else if (is_swift && byte_at(bytes, count, h) == '/') {
                // Perhaps an extended regex literal.
                return 0;
            } else if (at_line_start(bytes, i)) {
                if (!is_swift) {
                    if (!preprocessor_line(&lx)) return 0;
                } else {
                    size_t k = i + 1;
                    while (k < count && is_identifier_part(bytes[k])) k++;
                    lx.i = k;
                }
            } else {
                lx.i = i + 1;
            }
            break;
        }
        case '\'':
            // A digit separator (`10'000`) in Objective-C++ belongs to its number.
            if (!is_swift && i > 0 && is_identifier_part(bytes[i - 1])) return 0;
            if (!character_literal(&lx)) return 0;
            break;
        case '`': {
            size_t end = i + 1;
            while (end < count && bytes[end] != '`' && bytes[end] != '\n') end++;
            if (end < count && bytes[end] == '`' && end > i + 1) {
                // A name in backticks is one identifier, whatever it holds.
                if (word_kind(sink->words, bytes + i + 1, end - i - 1) != 0) return 0;
                lx.i = end + 1;
            } else {
                lx.i = i + 1;
            }
            break;
        }
        case '(':
            lx.open[lx.open_count - 1].depth++;
            lx.i = i + 1;
            break;
        case ')': {
            struct open_string *open = &lx.open[lx.open_count - 1];
            lx.i = i + 1;
            if (open->depth == 0) {
                struct open_string closed = *open;
                lx.open_count--;
                if (!swift_string_body(&lx, closed.hashes, closed.multiline)) return 0;
            } else {
                open->depth--;
            }
            break;
        }
        default:
            lx.i = i + 1;
        }
    }
    return lx.open_count == 0;
}
