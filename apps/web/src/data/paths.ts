// Server paths the shell and the read screens call, beside the client's own table
// (api/client.ts API_PATHS). Per-home lists follow the section 7 shape
// `{base}/listByHome?homeId=` and `{base}/listByHomes`.

export const READ_PATHS = {
  feedback: '/api/feedback',
  permits: '/api/field_testing/permits',
  radon: '/api/field_testing/radon',
  soil: '/api/field_testing/soil',
  openhole: '/api/field_testing/openhole',
  gic: '/api/field_testing/gic',
  reviews: '/api/field_reviews',
  jobs: '/api/field_jobs/jobs',
  schedules: '/api/field_jobs/schedules',
  phoneCalls: '/api/field_communication/phoneCalls',
  notes: '/api/field_communication/notes',
  buyers: '/api/field_collaboration/buyers',
  walkItems: '/api/field_walks/item',
  walks: '/api/field_walks',
  employees: '/api/field_employees/list',
  vendors: '/api/field_vendors/list',
} as const;
