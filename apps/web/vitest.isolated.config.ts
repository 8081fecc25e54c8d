import { webProject } from './vitest.projects';

export default webProject(true);
