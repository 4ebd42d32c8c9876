// Whether this build runs under AddressSanitizer (GCC's and clang's ways of
// saying so): code that bypasses the allocator or skips frees steps aside,
// so that ASan's own allocator and leak check see what they expect.
#pragma once

namespace shlo {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

}  // namespace shlo
