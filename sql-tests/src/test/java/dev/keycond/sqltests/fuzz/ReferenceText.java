package dev.keycond.sqltests.fuzz;

/**
 * Strings as the reference engine holds them, so that its order is DynamoDB's. H2 compares
 * strings by UTF-16 code units, DynamoDB by UTF-8 bytes, which is code point order; the two
 * disagree where a character above U+FFFF (two surrogates, D800-DFFF) meets one of U+E000-U+FFFF.
 * The reference therefore holds each string re-encoded in code units whose order is code point
 * order: below U+D800 as it is, U+E000-U+FFFF moved down to D800-F7FF, and each code point above
 * U+FFFF as a pair starting in F800-FBFF. Literals given to H2 are encoded the same way, and its
 * results decoded back.
 */
final class ReferenceText {
  private ReferenceText() {}

  static String encode(String text) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints().forEach(cp -> {
      if (cp < Character.MIN_SURROGATE) {
        out.append((char) cp);
      } else if (cp <= Character.MAX_SURROGATE) {
        throw new IllegalArgumentException("a lone surrogate is no text DynamoDB holds: " + text);
      } else if (cp <= 0xFFFF) {
        out.append((char) (cp - 0x800));
      } else {
        int offset = cp - 0x10000;
        out.append((char) (0xF800 + (offset >> 10))).append((char) (0x100 + (offset & 0x3FF)));
      }
    });
    return out.toString();
  }

  static String decode(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0xD800) {
        out.append(c);
      } else if (c < 0xF800) {
        out.append((char) (c + 0x800));
      } else {
        out.appendCodePoint(0x10000 + ((c - 0xF800) << 10) + (text.charAt(++i) - 0x100));
      }
    }
    return out.toString();
  }
}
