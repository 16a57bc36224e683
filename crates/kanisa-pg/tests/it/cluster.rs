//! How the managed cluster runs PostgreSQL (the test databases live in one, unless
//! `TEST_DATABASE_URL` names another server).

use kanisa_test_db::TestDb;

#[tokio::test]
async fn the_managed_cluster_runs_without_jit() {
    if std::env::var_os("TEST_DATABASE_URL").is_some() {
        return; // Another server's settings are its own.
    }
    let db = TestDb::new().await;
    let client = db.client().await;
    let jit: String = client.query_one("SHOW jit", &[]).await.unwrap().get(0);
    assert_eq!(jit, "off");
}
