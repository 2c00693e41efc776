package dev.keycond.planner.gateway;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Where a client's requests go and as whom: the endpoint, the region, the profile and the
 * credentials of {@link ClientSettings}, as one digest. Connections of the same reach see the same
 * tables and may share a client; two different credentials never have the same reach. The digest is
 * salted with a value drawn once per JVM, so that neither the key nor a heap dump tells the
 * credentials, and no guessed secret can be checked against it.
 */
record Reach(String digest) {
  private static final byte[] SALT = salt();

  static Reach of(ClientSettings settings) {
    MessageDigest sha256;
    try {
      sha256 = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
    sha256.update(SALT);
    add(sha256, settings.region());
    add(sha256, settings.endpoint().map(URI::toString));
    add(sha256, settings.profile());
    add(sha256, settings.accessKeyId());
    add(sha256, settings.secretAccessKey());
    return new Reach(HexFormat.of().formatHex(sha256.digest()));
  }

  private static byte[] salt() {
    byte[] salt = new byte[16];
    new SecureRandom().nextBytes(salt);
    return salt;
  }

  /** A field as its presence and its length before its bytes, so that no two field lists run together alike. */
  private static void add(MessageDigest digest, Optional<String> field) {
    byte[] bytes = field.map(f -> f.getBytes(StandardCharsets.UTF_8)).orElse(new byte[0]);
    digest.update(ByteBuffer.allocate(5).put((byte) (field.isPresent() ? 1 : 0)).putInt(bytes.length).array());
    digest.update(bytes);
  }
}
