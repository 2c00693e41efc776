package dev.keycond.sqltests.frameworks;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

/**
 * A project of the single-table control plane ({@code projects}: {@code WS#{workspace_id}} /
 * {@code PROJ#{id}}, and the status index GSI1), for the Spring Data JPA repository.
 */
@Entity
@Table(name = "projects")
@IdClass(ProjectKey.class)
public class Project {
  @Id
  @Column(name = "workspace_id")
  private String workspaceId;

  @Id
  private String id;

  private String name;

  private String status;

  @Version
  private Integer version;

  protected Project() {}

  public Project(String workspaceId, String id, String name, String status) {
    this.workspaceId = workspaceId;
    this.id = id;
    this.name = name;
    this.status = status;
  }

  public String getWorkspaceId() {
    return workspaceId;
  }

  public String getId() {
    return id;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public String getStatus() {
    return status;
  }

  public Integer getVersion() {
    return version;
  }
}
