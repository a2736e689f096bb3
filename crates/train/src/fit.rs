//! The logistic fit (Texel tuning): weights `w` such that `sigmoid(w · x)` predicts
//! White's result of each position's game, found by full-batch gradient descent
//! (Adam) on the mean cross-entropy plus an L2 penalty.

use rayon::prelude::*;

use crate::selfplay::Samples;

/// How the fit runs.
#[derive(Debug, Clone, Copy)]
pub struct FitOptions {
    /// Passes over the positions.
    pub epochs: u32,
    /// Step size.
    pub rate: f64,
    /// L2 penalty per weight (on the mean loss).
    pub l2: f64,
}

/// The fitted weights and the mean losses.
#[derive(Debug, Clone)]
pub struct Fit {
    /// Every weight, in logits per unit of its feature.
    pub weights: Vec<f64>,
    /// Mean cross-entropy on the positions fitted.
    pub train_loss: f64,
    /// Mean cross-entropy on the positions held out.
    pub held_loss: f64,
}

/// Positions per parallel piece of the gradient.
const CHUNK: usize = 8192;

/// Numerically safe `ln(sigmoid(z))`-based cross-entropy of result `y` for logit `z`.
fn cross_entropy(z: f64, y: f64) -> f64 {
    // -[y ln s + (1 - y) ln (1 - s)] = ln(1 + e^z) - y z.
    let softplus = if z > 0.0 {
        z + (-z).exp().ln_1p()
    } else {
        z.exp().ln_1p()
    };
    softplus - y * z
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The logit of position `i` under `w`.
fn logit(samples: &Samples, i: usize, w: &[f64]) -> f64 {
    let (index, value) = samples.features(i);
    index
        .iter()
        .zip(value)
        .map(|(&j, &v)| w[j as usize] * f64::from(v))
        .sum()
}

/// Mean cross-entropy of `w` over the positions `rows`.
pub fn mean_loss(samples: &Samples, rows: &[usize], w: &[f64]) -> f64 {
    if rows.is_empty() {
        return 0.0;
    }
    // Summed in order, so that the figure does not depend on the threads.
    let losses: Vec<f64> = rows
        .par_iter()
        .map(|&i| cross_entropy(logit(samples, i, w), f64::from(samples.target[i])))
        .collect();
    losses.iter().sum::<f64>() / rows.len() as f64
}

/// Fits `len` weights to the positions `train` (starting from `start`), reporting the
/// loss on `held` too; `on_epoch(done)` after each pass.
pub fn fit(
    samples: &Samples,
    train: &[usize],
    held: &[usize],
    start: Vec<f64>,
    options: FitOptions,
    on_epoch: &(dyn Fn(u32) + Sync),
) -> Fit {
    let len = start.len();
    let mut w = start;
    let (mut m, mut v) = (vec![0.0; len], vec![0.0; len]);
    let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
    let n = train.len().max(1) as f64;
    for epoch in 1..=options.epochs {
        // Per chunk of positions in parallel, then summed in chunk order: the same
        // weights on any number of threads.
        let parts: Vec<Vec<f64>> = train
            .par_chunks(CHUNK)
            .map(|rows| {
                let mut g = vec![0.0; len];
                for &i in rows {
                    let err = sigmoid(logit(samples, i, &w)) - f64::from(samples.target[i]);
                    let (index, value) = samples.features(i);
                    for (&j, &x) in index.iter().zip(value) {
                        g[j as usize] += err * f64::from(x);
                    }
                }
                g
            })
            .collect();
        let mut gradient = vec![0.0; len];
        for part in parts {
            for (x, y) in gradient.iter_mut().zip(part) {
                *x += y;
            }
        }
        let t = f64::from(epoch);
        for j in 0..len {
            let g = gradient[j] / n + 2.0 * options.l2 * w[j];
            m[j] = beta1 * m[j] + (1.0 - beta1) * g;
            v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
            let m_hat = m[j] / (1.0 - beta1.powf(t));
            let v_hat = v[j] / (1.0 - beta2.powf(t));
            w[j] -= options.rate * m_hat / (v_hat.sqrt() + eps);
        }
        on_epoch(epoch);
    }
    Fit {
        train_loss: mean_loss(samples, train, &w),
        held_loss: mean_loss(samples, held, &w),
        weights: w,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions with one feature whose value decides the result: the fit finds a
    /// large positive weight, and its loss falls well below a coin's (ln 2).
    #[test]
    fn the_fit_learns_a_feature_that_decides_the_result() {
        let mut samples = Samples::default();
        for k in 0..400 {
            let x = if k % 2 == 0 { 1.0 } else { -1.0 };
            samples.index.extend([0, 1]);
            samples.value.extend([x, 1.0]);
            samples.end.push(samples.index.len());
            samples.target.push(if x > 0.0 { 1.0 } else { 0.0 });
            samples.game.push(k);
        }
        let rows: Vec<usize> = (0..400).collect();
        let options = FitOptions {
            epochs: 300,
            rate: 0.05,
            l2: 0.0,
        };
        let fit = fit(&samples, &rows, &rows, vec![0.0; 2], options, &|_| {});
        assert!(fit.weights[0] > 3.0, "{:?}", fit.weights);
        assert!(fit.weights[1].abs() < 0.5, "{:?}", fit.weights);
        assert!(fit.train_loss < 0.1, "{}", fit.train_loss);
        assert!((cross_entropy(0.0, 1.0) - std::f64::consts::LN_2).abs() < 1e-12);
    }

    /// A feature that says nothing of the result stays near zero under the penalty.
    #[test]
    fn a_feature_unrelated_to_the_result_keeps_a_small_weight() {
        let mut samples = Samples::default();
        for k in 0..400u32 {
            let noise = if (k / 2) % 2 == 0 { 1.0 } else { -1.0 };
            samples.index.push(0);
            samples.value.push(noise);
            samples.end.push(samples.index.len());
            samples.target.push(if k % 2 == 0 { 1.0 } else { 0.0 });
            samples.game.push(k);
        }
        let rows: Vec<usize> = (0..400).collect();
        let options = FitOptions {
            epochs: 200,
            rate: 0.05,
            l2: 1e-3,
        };
        let fit = fit(&samples, &rows, &[], vec![0.0], options, &|_| {});
        assert!(fit.weights[0].abs() < 0.05, "{:?}", fit.weights);
    }
}
