package dev.keycond.sqltests.frameworks;

import java.io.Serializable;
import java.util.Objects;

/** The id of a {@link Project}: its workspace and its own id. */
public class ProjectKey implements Serializable {
  private static final long serialVersionUID = 1L;

  private String workspaceId;
  private String id;

  protected ProjectKey() {}

  public ProjectKey(String workspaceId, String id) {
    this.workspaceId = workspaceId;
    this.id = id;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ProjectKey key && workspaceId.equals(key.workspaceId) && id.equals(key.id);
  }

  @Override
  public int hashCode() {
    return Objects.hash(workspaceId, id);
  }
}
