/** A set of repository paths and the folders that hold them, so a tree diff descends only where one of them lives. */
export class PathGroup {
  readonly paths = new Set<string>();
  /** Folder -> how many of the paths it holds. */
  readonly dirs = new Map<string, number>();

  constructor(paths: Iterable<string> = []) {
    for (const path of paths) this.add(path);
  }

  get size(): number {
    return this.paths.size;
  }

  add(path: string): void {
    if (this.paths.has(path)) return;
    this.paths.add(path);
    for (const dir of folders(path)) this.dirs.set(dir, (this.dirs.get(dir) ?? 0) + 1);
  }

  delete(path: string): void {
    if (!this.paths.delete(path)) return;
    for (const dir of folders(path)) {
      const n = this.dirs.get(dir)! - 1;
      if (n === 0) this.dirs.delete(dir);
      else this.dirs.set(dir, n);
    }
  }
}

function* folders(path: string): Generator<string> {
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) yield path.slice(0, i);
}
