package dev.keycond.sqltests.frameworks;

import java.io.Serializable;
import java.util.Objects;

/** The id of a {@link DriveFile}: the table's whole key. */
public class FileKey implements Serializable {
  private static final long serialVersionUID = 1L;

  private String account;
  private String path;

  protected FileKey() {}

  public FileKey(String account, String path) {
    this.account = account;
    this.path = path;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FileKey key && account.equals(key.account) && path.equals(key.path);
  }

  @Override
  public int hashCode() {
    return Objects.hash(account, path);
  }
}
