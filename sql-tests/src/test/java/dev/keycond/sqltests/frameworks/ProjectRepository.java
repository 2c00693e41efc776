package dev.keycond.sqltests.frameworks;

import java.util.List;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;

/** A Spring Data JPA repository of projects, with the derived finders a team writes first. */
interface ProjectRepository extends JpaRepository<Project, ProjectKey> {
  /** A workspace's projects: one Query of its partition. */
  Page<Project> findByWorkspaceId(String workspaceId, Pageable page);

  /** A workspace's projects whose id starts so: one Query with begins_with on the sort key. */
  List<Project> findByWorkspaceIdAndIdStartingWithOrderById(String workspaceId, String prefix);

  /** Projects by status, across workspaces: one Query of the status index. */
  List<Project> findByStatusOrderById(String status);
}
