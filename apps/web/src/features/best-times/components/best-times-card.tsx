/** The best times to post: the weekday × hour heatmap of the workspace's results (being built). */
export function BestTimesCard() {
  return null;
}
