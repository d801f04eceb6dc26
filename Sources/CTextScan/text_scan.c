#include "text_scan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__ARM_NEON)
#include <arm_neon.h>
#endif

/// A format's bytes that need a look, as ranges, and as a table for texts too short for a vector.
/// Each scan below passes its number of ranges as a literal: with the set a constant too, the
/// compiler unrolls the ranges and makes each one's bounds constant vectors.
struct look_set {
    uint8_t low[12];
    uint8_t high[12];
    uint8_t table[256];
};

enum { json_ranges = 5, xml_ranges = 8, markdown_ranges = 12 };

static const struct look_set json = {
    {0x00, 0x22, 0x5C, 0x7F, 0xE2}, {0x1F, 0x22, 0x5C, 0x7F, 0xE2},
    {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
     [0x22] = 1, [0x5C] = 1, [0x7F] = 1, [0xE2] = 1},
};

static const struct look_set xml = {
    {0x00, 0x22, 0x26, 0x3C, 0x3E, 0x7F, 0xC2, 0xEF}, {0x1F, 0x22, 0x27, 0x3C, 0x3E, 0x7F, 0xC2, 0xEF},
    {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
     [0x22] = 1, [0x26] = 1, [0x27] = 1, [0x3C] = 1, [0x3E] = 1, [0x7F] = 1, [0xC2] = 1, [0xEF] = 1},
};

static const struct look_set markdown = {
    {0x00, 0x21, 0x26, 0x28, 0x3C, 0x3E, 0x40, 0x5B, 0x5F, 0x7B, 0xC2, 0xE2},
    {0x1F, 0x24, 0x26, 0x2A, 0x3C, 0x3E, 0x40, 0x5D, 0x60, 0x7F, 0xC2, 0xE2},
    {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
     [0x21] = 1, [0x22] = 1, [0x23] = 1, [0x24] = 1, [0x26] = 1, [0x28] = 1, [0x29] = 1, [0x2A] = 1,
     [0x3C] = 1, [0x3E] = 1, [0x40] = 1, [0x5B] = 1, [0x5C] = 1, [0x5D] = 1, [0x5F] = 1, [0x60] = 1,
     [0x7B] = 1, [0x7C] = 1, [0x7D] = 1, [0x7E] = 1, [0x7F] = 1, [0xC2] = 1, [0xE2] = 1},
};

#if defined(__SSE2__)
typedef __m128i vec16;

static inline __attribute__((always_inline)) vec16 load16(const uint8_t *bytes) {
    return _mm_loadu_si128((const __m128i *)bytes);
}

/// Sixteen bytes: `first`'s eight, then `second`'s, each in memory order.
static inline __attribute__((always_inline)) vec16 pair8(uint64_t first, uint64_t second) {
    return _mm_set_epi64x((long long)second, (long long)first);
}

/// A mask with bit k set when byte k of `v` needs a look.
static inline __attribute__((always_inline)) unsigned flags16(vec16 v, const struct look_set *set, const int ranges) {
    __m128i look = _mm_setzero_si128();
#pragma clang loop unroll(full)
    for (int k = 0; k < ranges; k++) {
        if (set->low[k] == set->high[k]) {
            look = _mm_or_si128(look, _mm_cmpeq_epi8(v, _mm_set1_epi8((char)set->low[k])));
        } else {
            // In [low, high]: byte - low, unsigned, is at most high - low (its minimum with that is itself).
            __m128i offset = _mm_sub_epi8(v, _mm_set1_epi8((char)set->low[k]));
            __m128i width = _mm_set1_epi8((char)(set->high[k] - set->low[k]));
            look = _mm_or_si128(look, _mm_cmpeq_epi8(_mm_min_epu8(offset, width), offset));
        }
    }
    return (unsigned)_mm_movemask_epi8(look);
}
#elif defined(__ARM_NEON)
typedef uint8x16_t vec16;

static inline __attribute__((always_inline)) vec16 load16(const uint8_t *bytes) {
    return vld1q_u8(bytes);
}

static inline __attribute__((always_inline)) vec16 pair8(uint64_t first, uint64_t second) {
    return vcombine_u8(vcreate_u8(first), vcreate_u8(second));
}

static inline __attribute__((always_inline)) unsigned flags16(vec16 v, const struct look_set *set, const int ranges) {
    uint8x16_t look = vdupq_n_u8(0);
#pragma clang loop unroll(full)
    for (int k = 0; k < ranges; k++) {
        uint8x16_t offset = vsubq_u8(v, vdupq_n_u8(set->low[k]));
        look = vorrq_u8(look, vcleq_u8(offset, vdupq_n_u8((uint8_t)(set->high[k] - set->low[k]))));
    }
    // One bit per byte, as SSE2's movemask gives it.
    static const uint8_t weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    uint8x16_t bits = vandq_u8(look, vld1q_u8(weights));
    return (unsigned)vaddv_u8(vget_low_u8(bits)) | ((unsigned)vaddv_u8(vget_high_u8(bits)) << 8);
}
#endif

static inline __attribute__((always_inline)) size_t plain_prefix(const uint8_t *bytes, size_t count, const struct look_set *set, const int ranges) {
    size_t i = 0;
#if defined(__SSE2__) || defined(__ARM_NEON)
    if (count >= 16) {
        for (; i + 16 <= count; i += 16) {
            unsigned flags = flags16(load16(bytes + i), set, ranges);
            if (flags != 0) return i + (size_t)__builtin_ctz(flags);
        }
        if (i == count) return count;
        // The last sixteen bytes, overlapping ones already found plain: their flags are dropped.
        size_t last = count - 16;
        unsigned flags = flags16(load16(bytes + last), set, ranges) >> (i - last);
        return flags != 0 ? i + (size_t)__builtin_ctz(flags) : count;
    }
    // Shorter texts (most names and paths) in one vector too: the first eight bytes and the last
    // eight, which overlap below sixteen; an overlapping byte is flagged in both halves or in neither.
    if (count >= 8) {
        uint64_t first, second;
        __builtin_memcpy(&first, bytes, 8);
        __builtin_memcpy(&second, bytes + count - 8, 8);
        unsigned flags = flags16(pair8(first, second), set, ranges);
        if ((flags & 0xFF) != 0) return (size_t)__builtin_ctz(flags);
        flags >>= 8;
        return flags != 0 ? count - 8 + (size_t)__builtin_ctz(flags) : count;
    }
    if (count >= 4) {
        // The first four bytes and the last four; the vector's other eight bytes are not looked at.
        uint32_t first, second;
        __builtin_memcpy(&first, bytes, 4);
        __builtin_memcpy(&second, bytes + count - 4, 4);
        unsigned flags = flags16(pair8((uint64_t)first | (uint64_t)second << 32, 0), set, ranges);
        if ((flags & 0x0F) != 0) return (size_t)__builtin_ctz(flags);
        flags = (flags >> 4) & 0x0F;
        return flags != 0 ? count - 4 + (size_t)__builtin_ctz(flags) : count;
    }
#endif
    while (i < count && !set->table[bytes[i]]) i++;
    return i;
}

size_t oplint_json_plain_prefix(const uint8_t *bytes, size_t count) {
    return plain_prefix(bytes, count, &json, json_ranges);
}

size_t oplint_xml_plain_prefix(const uint8_t *bytes, size_t count) {
    return plain_prefix(bytes, count, &xml, xml_ranges);
}

size_t oplint_markdown_plain_prefix(const uint8_t *bytes, size_t count) {
    return plain_prefix(bytes, count, &markdown, markdown_ranges);
}

size_t oplint_ascii_prefix(const uint8_t *bytes, size_t count) {
    size_t i = 0;
#if defined(__SSE2__)
    while (i + 64 <= count) {
        __m128i any = _mm_or_si128(_mm_or_si128(load16(bytes + i), load16(bytes + i + 16)),
                                   _mm_or_si128(load16(bytes + i + 32), load16(bytes + i + 48)));
        if (_mm_movemask_epi8(any) != 0) break;
        i += 64;
    }
#elif defined(__ARM_NEON)
    while (i + 64 <= count) {
        uint8x16_t any = vorrq_u8(vorrq_u8(load16(bytes + i), load16(bytes + i + 16)),
                                  vorrq_u8(load16(bytes + i + 32), load16(bytes + i + 48)));
        if (vmaxvq_u8(any) >= 0x80) break;
        i += 64;
    }
#endif
    // The last bytes, and the block that holds the first byte above 0x7F, eight at a time.
    while (i + 8 <= count) {
        uint64_t word;
        __builtin_memcpy(&word, bytes + i, 8);
        if (word & 0x8080808080808080ull) break;
        i += 8;
    }
    while (i < count && bytes[i] < 0x80) i++;
    return i;
}
