/** A pointer into the seed texts: the file and the section, e.g. `000_200ff4b7b5d3d570.txt 1.2.1`. */
export type RuleRef = string;
