export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  goal?: string;
}
