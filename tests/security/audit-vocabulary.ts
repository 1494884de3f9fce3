/** The audit log's vocabulary (docs/product/permissions.md): any other entity type or action in the log is a defect. */
export const AUDIT_ENTITY_TYPES_FOR_TEST: readonly string[] = ["user", "session", "quote", "rating_version"];
export const AUDIT_ACTIONS_FOR_TEST: readonly string[] = [
  "login",
  "login_failed",
  "logout",
  "created",
  "updated",
  "deleted",
  "rated",
  "referred",
  "completed",
  "reopened",
  "issued",
  "renewed",
  "adjusted",
  "change_referred",
  "change_declined",
  "cancelled",
  "override_applied",
  "override_removed",
  "decision_recorded",
  "published",
];
