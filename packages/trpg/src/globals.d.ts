/** Deep copy of plain data; a global in every runtime fogwar supports (Node 17+, browsers). */
declare function structuredClone<T>(value: T): T;
