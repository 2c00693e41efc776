package dev.keycond.sqltests.frameworks;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.LocalDateTime;

/**
 * A file of the drive ({@code files}, key {@code DRIVE#{account}} / {@code {path}}) as a team
 * would map it: a composite id, and a version for optimistic locking.
 */
@Entity
@Table(name = "files")
@IdClass(FileKey.class)
public class DriveFile {
  @Id
  private String account;

  @Id
  private String path;

  /** keycond derives it from the path (the mapping's hierarchy), so Hibernate never writes it. */
  @Column(insertable = false, updatable = false)
  private String parent;

  private Long size;

  private LocalDateTime modified;

  private String name;

  @Version
  private Integer version;

  protected DriveFile() {}

  public DriveFile(String account, String path, long size, String name) {
    this.account = account;
    this.path = path;
    this.size = size;
    this.name = name;
  }

  public String getAccount() {
    return account;
  }

  public String getPath() {
    return path;
  }

  public String getParent() {
    return parent;
  }

  public Long getSize() {
    return size;
  }

  public void setSize(long size) {
    this.size = size;
  }

  public LocalDateTime getModified() {
    return modified;
  }

  public void setModified(LocalDateTime modified) {
    this.modified = modified;
  }

  public String getName() {
    return name;
  }

  public Integer getVersion() {
    return version;
  }
}
