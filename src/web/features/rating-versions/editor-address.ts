/** The editor's address for a version not saved yet: /admin/rating?version=new. */
export const NEW_VERSION = "new";
