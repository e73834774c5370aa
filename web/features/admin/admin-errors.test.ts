import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { adminLoadError, adminWriteError } from './admin-errors.ts';

describe('admin error lines (spec 3 §8)', () => {
  it('reads 403, 5xx and other statuses as the spec says', () => {
    expect(adminLoadError(new ApiError(403, 'FORBIDDEN', 'Admin only'))).toBe('Access denied. Admin privileges required.');
    expect(adminLoadError(new ApiError(500, 'INTERNAL', 'boom'))).toBe('Server error occurred while fetching admin data');
    expect(adminLoadError(new ApiError(500, 'INTERNAL', undefined), 'Server error occurred while fetching statistics')).toBe('Server error occurred while fetching statistics');
    expect(adminLoadError(new ApiError(404, 'HTTP_404', undefined))).toBe('HTTP error 404');
    expect(adminLoadError(new ApiError(400, 'BAD_REQUEST', 'Days must be 7, 30, 90 or 365'))).toBe('HTTP error 400: Days must be 7, 30, 90 or 365');
  });

  it("puts the server's reason after a write's own line", () => {
    expect(adminWriteError(new ApiError(400, 'BAD_REQUEST', 'Service type is required'), 'Failed to create pricing')).toBe('Failed to create pricing: Service type is required');
    expect(adminWriteError(new ApiError(500, 'INTERNAL', 'boom'), 'Failed to create pricing')).toBe('Failed to create pricing');
    expect(adminWriteError(new ApiError(403, 'FORBIDDEN', 'no'), 'Failed to create pricing')).toBe('Access denied. Admin privileges required.');
  });
});
