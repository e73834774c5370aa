import { configure } from '@testing-library/react';

/**
 * How long findBy* and waitFor wait before failing (testing-library's default is 1 s). A page the router loads
 * lazily is imported and transformed on first use; with the API projects on the other core of a 2-core CI machine that
 * took over a second (web/router.test.tsx's route guards failed then, passed alone). Only a failing wait gets longer:
 * a passing one ends as soon as its condition holds.
 */
configure({ asyncUtilTimeout: 5_000 });
