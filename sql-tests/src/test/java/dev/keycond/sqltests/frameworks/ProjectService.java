package dev.keycond.sqltests.frameworks;

import org.springframework.transaction.annotation.Transactional;

/** A service whose transactional method fails after saving, so that Spring rolls the save back. */
class ProjectService {
  private final ProjectRepository projects;

  ProjectService(ProjectRepository projects) {
    this.projects = projects;
  }

  @Transactional
  public void saveThenFail(Project project) {
    projects.save(project);
    projects.flush();
    throw new IllegalStateException("the service failed after saving " + project.getId());
  }
}
