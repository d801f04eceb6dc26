#include "text_scan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__ARM_NEON)
#include <arm_neon.h>
#endif

#if defined(__SSE2__)
/// A mask with bit k set when byte k of the sixteen at `bytes` needs a look.
static inline unsigned flags16(const uint8_t *bytes) {
    __m128i v = _mm_loadu_si128((const __m128i *)bytes);
    // Below 0x20: unsigned minimum with 0x1F equals the byte.
    __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
    __m128i special = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x22)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x5C))),
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)), _mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xE2))));
    return (unsigned)_mm_movemask_epi8(_mm_or_si128(control, special));
}
#elif defined(__ARM_NEON)
static inline unsigned flags16(const uint8_t *bytes) {
    uint8x16_t v = vld1q_u8(bytes);
    uint8x16_t look = vorrq_u8(
        vorrq_u8(vcltq_u8(v, vdupq_n_u8(0x20)), vceqq_u8(v, vdupq_n_u8(0x22))),
        vorrq_u8(vorrq_u8(vceqq_u8(v, vdupq_n_u8(0x5C)), vceqq_u8(v, vdupq_n_u8(0x7F))), vceqq_u8(v, vdupq_n_u8(0xE2))));
    // One bit per byte, as SSE2's movemask gives it.
    static const uint8_t weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    uint8x16_t bits = vandq_u8(look, vld1q_u8(weights));
    return (unsigned)vaddv_u8(vget_low_u8(bits)) | ((unsigned)vaddv_u8(vget_high_u8(bits)) << 8);
}
#endif

/// Bytes that need a look, as a table: for strings too short for a vector.
static const uint8_t look[256] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    [0x22] = 1, [0x5C] = 1, [0x7F] = 1, [0xE2] = 1,
};

size_t oplint_json_plain_prefix(const uint8_t *bytes, size_t count) {
    size_t i = 0;
#if defined(__SSE2__) || defined(__ARM_NEON)
    if (count >= 16) {
        for (; i + 16 <= count; i += 16) {
            unsigned flags = flags16(bytes + i);
            if (flags != 0) return i + (size_t)__builtin_ctz(flags);
        }
        if (i == count) return count;
        // The last sixteen bytes, overlapping ones already found plain: their flags are dropped.
        size_t last = count - 16;
        unsigned flags = flags16(bytes + last) >> (i - last);
        return flags != 0 ? i + (size_t)__builtin_ctz(flags) : count;
    }
#endif
    while (i < count && !look[bytes[i]]) i++;
    return i;
}
